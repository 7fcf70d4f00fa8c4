// The server's size for one person before and after compaction, read from the stream
// itself (subjects, messages, bytes) and from the server process (resident memory after a
// restart: a running server does not give memory back after a purge).
// `node scripts/bench-compaction.mjs [operations at 1×]` (5,000 by default; 10× is ten
// times that). One loopback nats-server with the repository's accounts; nothing is kept.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { compactJournal } from '../sync-server/compact.mjs';
import { ensureNatsServer } from '../sync-server/find-nats-server.mjs';
import { startNatsProcess } from '../sync-server/nats-process.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BASE = Number(process.argv[2] ?? 5_000);
const OPERATION_BYTES = 800;
const binary = ensureNatsServer();
if (!binary) process.exit(1);

const freePort = () =>
  new Promise((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });

async function startServer(dir, port) {
  const started = startNatsProcess(binary, join(dir, 'nats.conf'));
  await started.ready;
  const child = started.child;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const probe = await connect({
        servers: `nats://127.0.0.1:${port}`,
        user: 'alice',
        pass: 'alice',
      });
      const jsm = await jetstreamManager(probe, { checkAPI: false, timeout: 5_000 });
      await jsm.getAccountInfo();
      await probe.close();
      return child;
    } catch {
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error('nats-server did not start within 10 s.');
}

const residentKiB = (child) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);

async function stop(child) {
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  child.kill('SIGTERM');
  await exited;
}

async function measure(operations) {
  const dir = mkdtempSync(join(tmpdir(), 'countersign-compaction-'));
  const port = await freePort();
  copyFileSync(join(ROOT, 'sync-server/accounts.conf'), join(dir, 'accounts.conf'));
  writeFileSync(
    join(dir, 'nats.conf'),
    `host: 127.0.0.1\nport: ${port}\njetstream { store_dir: "${join(dir, 'store')}", max_memory_store: 256MB, max_file_store: 2GB }\ninclude ./accounts.conf\n`,
  );
  const servers = `nats://127.0.0.1:${port}`;
  let server = await startServer(dir, port);
  try {
    const emptyKiB = residentKiB(server);
    const device = await connect({ servers, user: 'alice', pass: 'alice' });
    const jsm = await jetstreamManager(device, { checkAPI: false, timeout: 10_000 });
    await jsm.streams.add({
      name: 'CS_ALICE',
      subjects: ['cs.alice.>'],
      max_msgs_per_subject: 1,
      discard: 'new',
      discard_new_per_subject: true,
      allow_direct: true,
      storage: 'file',
      num_replicas: 1,
    });
    const js = jetstream(device, { timeout: 10_000 });
    const body = new Uint8Array(OPERATION_BYTES).fill(120);
    for (let start = 0; start < operations; start += 500) {
      const batch = [];
      for (let index = start; index < Math.min(operations, start + 500); index++) {
        batch.push(js.publish(`cs.alice.ops.op-${index}`, body, { msgID: `op-${index}` }));
      }
      await Promise.all(batch);
    }
    const { state } = await jsm.streams.info('CS_ALICE');
    const sequence = state.last_seq;
    const snapshotId = `s${sequence}-capacity01`;
    await js.publish(`cs.alice.snap.${snapshotId}.0`, new Uint8Array(64 * 1024));
    await js.publish(
      `cs.alice.snapshots.${snapshotId}`,
      JSON.stringify({
        v: 1,
        snapshotId,
        sequence,
        partCount: 1,
        partsHash: '0'.repeat(64),
        writer: 'd1',
      }),
    );
    await js.publish(`cs.alice.progress.d1.${sequence + 2}`, new Uint8Array(0));
    await device.close();

    await stop(server);
    server = await startServer(dir, port);
    const beforeKiB = residentKiB(server);
    const maintenance = await connect({
      servers,
      user: 'alice-maintenance',
      pass: 'alice-maintenance',
    });
    await new Promise((wait) => setTimeout(wait, 20));
    const report = await compactJournal(maintenance, 'alice', { retentionMs: 10 });
    await maintenance.close();
    const purgedKiB = residentKiB(server);
    await stop(server);
    server = await startServer(dir, port);
    const afterKiB = residentKiB(server);
    return { operations, emptyKiB, beforeKiB, purgedKiB, afterKiB, report };
  } finally {
    await stop(server).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

const mb = (kib) => `${(kib / 1024).toFixed(1)} MB`;
for (const operations of [BASE, BASE * 10]) {
  const { report, ...memory } = await measure(operations);
  const { before, after } = report;
  console.log(
    `${operations.toLocaleString('en-US')} operations of ${OPERATION_BYTES} bytes, one person:\n` +
      `  before compaction: ${before.subjects.toLocaleString('en-US')} subjects, ${before.messages.toLocaleString('en-US')} messages, ${(before.bytes / 1024 / 1024).toFixed(1)} MB; ` +
      `server resident ${mb(memory.beforeKiB)} after a restart (empty: ${mb(memory.emptyKiB)})\n` +
      `  after compaction:  ${after.subjects} subjects, ${after.messages} messages, ${(after.bytes / 1024).toFixed(0)} kB; ` +
      `resident ${mb(memory.purgedKiB)} right after the purge, ${mb(memory.afterKiB)} after a restart`,
  );
}

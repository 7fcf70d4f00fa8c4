// Section 9: sync. Two devices (two Chromium profiles, each its own IndexedDB) against a
// real nats-server (e2e/support/sync-server.mjs), driven through their screens:
//   (a) A→B latency: a title typed on A (Enter's event time) until B's task page shows it
//       (so it is in B's IndexedDB and rendered), median and p95 over 50 changes;
//   (b) catch-up: B offline while 10,000 operations are published for it (by a third,
//       scripted device over NATS), then B back online: time until applied, the rate, and
//       B's longest main-thread task meanwhile; then the floors: every row catch-up wrote,
//       and its journal rows alone, written again with one bulkPut per table;
//   (c) exactly once under faults: the app's runtime through timeouts, resets and a stream
//       leader kill in a 3-node cluster (test/sync/exactly-once-faults.test.ts);
// and the first page's bundle with sync loaded only when used is section 5.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { launchBrowser } from './browser.mjs';
import { findFreePort } from './processes.mjs';

const TASK_ID = 'sample-task-login-bug';
const LATENCY_WARMUP = 5;

/** Starts the sync server with two large journals; resolves with its lease door and stop(). */
export async function startSyncServer() {
  const [client, websocket, http] = [
    await findFreePort(),
    await findFreePort(),
    await findFreePort(),
  ];
  const child = spawn(
    process.execPath,
    [
      'e2e/support/sync-server.mjs',
      ...['--port', http, '--client-port', client, '--ws-port', websocket],
      ...['--journals', 2, '--journal-mb', 512].map(String),
    ].map(String),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      const health = await (await fetch(`http://127.0.0.1:${http}/health`)).json();
      if (health.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const lease = await (await fetch(`http://127.0.0.1:${http}/lease`)).json();
  if (!lease.ok) {
    child.kill('SIGTERM');
    throw new Error(`no sync server: ${lease.error ?? output}`);
  }
  return {
    lease,
    natsUrl: `nats://127.0.0.1:${client}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export async function openDevice(baseUrl, lease) {
  const browser = await launchBrowser({ baseUrl });
  const page = await browser.context.newPage();
  await connectDevice(page, lease);
  await page.getByRole('link', { name: /^Sync: Connected/ }).waitFor({ timeout: 30_000 });
  return { browser, page };
}

/** Fills Settings → Sync with the lease and presses Connect (resolves at the press). */
export async function connectDevice(page, lease) {
  if (process.env.SYNC_BENCH_DEBUG)
    page.on('console', (message) => console.log('page:', message.text()));
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Sync', exact: true });
  await section.waitFor({ timeout: 30_000 });
  const form = section.getByRole('form', { name: 'Sync server' });
  await form.getByRole('textbox', { name: 'Server address' }).fill(lease.url);
  await form.getByRole('textbox', { name: 'User name' }).fill(lease.user);
  await form.getByRole('textbox', { name: 'Password' }).fill(lease.password);
  await form.getByRole('button', { name: 'Connect' }).click();
  return section;
}

/** Reads one row of a store with the raw IndexedDB API. */
export function readRow(page, store, key) {
  return page.evaluate(
    ([name, id]) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('countersign');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction(name, 'readonly').objectStore(name).get(id);
          request.onsuccess = () => {
            db.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    [store, key],
  );
}

export async function measureLatency(a, b, changes, warmup = LATENCY_WARMUP) {
  await a.page.goto(`/tasks/${TASK_ID}`);
  await b.page.goto(`/tasks/${TASK_ID}`);
  const title = a.page.getByRole('textbox', { name: 'Title', exact: true });
  await title.waitFor();
  await b.page.getByRole('textbox', { name: 'Title', exact: true }).waitFor();
  // A: when Enter went down in the title field; B: when its heading first shows a title.
  await a.page.evaluate(() => {
    window.__syncEnter = [];
    addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter')
          window.__syncEnter.push(performance.timeOrigin + event.timeStamp);
      },
      { capture: true },
    );
  });
  await b.page.evaluate(() => {
    window.__syncSeen = {};
    const heading = () => document.querySelector('h1')?.textContent ?? '';
    new MutationObserver(() => {
      const text = heading();
      if (text.startsWith('Latency ') && !(text in window.__syncSeen))
        window.__syncSeen[text] = performance.timeOrigin + performance.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const samples = [];
  for (let index = 0; index < changes + warmup; index++) {
    const text = `Latency ${index} ${Date.now()}`;
    await title.fill(text);
    await title.press('Enter');
    const seen = await b.page.waitForFunction((expected) => window.__syncSeen[expected], text, {
      timeout: 15_000,
    });
    const [enteredAt] = await a.page.evaluate(() => window.__syncEnter.slice(-1));
    if (index >= warmup) samples.push((await seen.jsonValue()) - enteredAt);
  }
  return samples;
}

/**
 * 10,000 new journal entries on B's sample task, as another device's operations. `prefix`
 * keeps each run's ids apart; `wrap` turns an operation's subject token and bytes into
 * what is published (sealing them, for section 9b).
 */
/** 0 … count - 1 in consecutive runs of at most `size`: a scripted publisher's batches. */
export function* batchesOf(count, size) {
  for (let first = 0; first < count; first += size) {
    yield Array.from({ length: Math.min(size, count - first) }, (_, offset) => first + offset);
  }
}

/** A scripted publisher's connection under the person's lease, and its JetStream context. */
export async function connectPublisher(natsUrl, lease, timeout) {
  const connection = await connect({ servers: natsUrl, user: lease.user, pass: lease.password });
  return { connection, js: jetstream(connection, { timeout }) };
}

async function publishOperations(natsUrl, lease, count, { prefix = 'bench', wrap } = {}) {
  const { connection, js } = await connectPublisher(natsUrl, lease, 10_000);
  const deviceId = 'bench-scripted-device';
  const encoder = new TextEncoder();
  const started = performance.now();
  for (const indexes of batchesOf(count, 500)) {
    const publishes = [];
    for (const index of indexes) {
      const now = new Date().toISOString();
      const operationId = `${prefix}-${lease.user}-${index}`;
      const id = `${prefix}-entry-${index}`;
      const envelope = {
        v: 1,
        operationId,
        kind: 'journal',
        deviceId,
        vectorClock: { [deviceId]: index + 1 },
        time: now,
        part: { index: 0, count: 1 },
        diffs: [
          {
            table: 'entries',
            id,
            before: null,
            after: {
              id,
              taskId: TASK_ID,
              text: `Caught up entry ${index}: ${'a few words of journal text '.repeat(3)}`,
              createdAt: now,
              updatedAt: now,
              rev: 1,
              vectorClock: { [deviceId]: 1 },
            },
          },
        ],
      };
      const plain = { token: operationId, data: encoder.encode(JSON.stringify(envelope)) };
      publishes.push(
        (wrap ? wrap(plain) : Promise.resolve(plain)).then(({ token, data }) =>
          js.publish(`cs.${lease.user}.ops.${token}`, data, { msgID: token }),
        ),
      );
    }
    await Promise.all(publishes);
  }
  const lastSeq = (await js.publish(`cs.${lease.user}.bench.${prefix}-end`, encoder.encode('{}')))
    .seq;
  await connection.close();
  return { lastSeq, publishMs: performance.now() - started };
}

export async function measureCatchUp(b, natsUrl, lease, count, publishing) {
  await b.page.goto('/bench-quiet-page');
  await b.page.getByRole('link', { name: /^Sync: Connected/ }).waitFor({ timeout: 30_000 });
  await b.browser.context.setOffline(true);
  for (const deadline = Date.now() + 15_000; ;) {
    const status = (await readRow(b.page, 'syncState', 'status'))?.value;
    if (status?.phase === 'offline') break;
    if (Date.now() > deadline) throw new Error(`B did not go offline: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { lastSeq, publishMs } = await publishOperations(natsUrl, lease, count, publishing);
  await b.page.evaluate(() => {
    window.__syncLongTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__syncLongTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
    // What each long frame ran (its longest script's entry point): the long task named.
    window.__syncLongFrames = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.duration <= 100) continue;
        const script = [...entry.scripts].sort((x, y) => y.duration - x.duration)[0];
        const file = String(script?.sourceURL ?? '')
          .split('/')
          .pop()
          .replace(/-[\w-]{8}\.js$/, '.js');
        window.__syncLongFrames.push({
          duration: Math.round(entry.duration),
          blocking: Math.round(entry.blockingDuration),
          ran: script
            ? `${script.invoker} ${script.sourceFunctionName || '(anonymous)'} in ${file || 'an evaluated script'} (${Math.round(script.duration)} ms)`
            : 'no script (rendering, or the engine: GC)',
        });
      }
    }).observe({ type: 'long-animation-frame' });
  });
  const since = await b.page.evaluate(() => new Date().toISOString());
  const profiler = await startProfile(b.page);
  const started = Date.now();
  await b.browser.context.setOffline(false);
  for (;;) {
    const cursor = (await readRow(b.page, 'syncState', 'cursor'))?.value ?? 0;
    if (cursor >= lastSeq) break;
    if (Date.now() - started > 600_000)
      throw new Error(`catch-up stalled at ${cursor} of ${lastSeq}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const catchUpMs = Date.now() - started;
  await profiler?.stop();
  const longTasks = await b.page.evaluate(() => window.__syncLongTasks);
  const longFrames = await b.page.evaluate(() => window.__syncLongFrames);
  await b.page.waitForFunction(() => window.__countersignBench !== undefined);
  const floors = await b.page.evaluate(
    (options) => window.__countersignBench.measureCatchUpFloors(options),
    { entryPrefix: 'bench-entry-', since },
  );
  return { count, lastSeq, publishMs, catchUpMs, longTasks, longFrames, floors };
}

/**
 * With SYNC_BENCH_PROFILE=file.cpuprofile, B's main thread is profiled during catch-up
 * (open the file in Chromium's DevTools, Performance): where its time goes.
 */
async function startProfile(page) {
  const path = process.env.SYNC_BENCH_PROFILE;
  if (!path) return undefined;
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.send('Profiler.stop');
      await writeFile(path, JSON.stringify(profile));
      await session.detach();
    },
  };
}

/** Runs the fault test with the app's runtime and reads the figures it prints. */
function measureFaults(operations) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', 'test/sync/exactly-once-faults.test.ts'],
      {
        env: { ...process.env, SYNC_FAULT_OPERATIONS: String(operations), FORCE_COLOR: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      const line = output.split('\n').find((each) => each.includes('SYNC_FAULTS '));
      if (!line)
        return reject(
          new Error(`the fault run printed no figures (exit ${code}):\n${output.slice(-2_000)}`),
        );
      resolve({ ...JSON.parse(line.slice(line.indexOf('{'))), passed: code === 0 });
    });
  });
}

export async function measureSync({
  baseUrl,
  changes = 50,
  catchUp = 10_000,
  faultOperations = 300,
}) {
  const server = await startSyncServer();
  const devices = [];
  try {
    const a = await openDevice(baseUrl, server.lease);
    devices.push(a);
    const b = await openDevice(baseUrl, server.lease);
    devices.push(b);
    const latency = await measureLatency(a, b, changes);
    const catchUpFigures = await measureCatchUp(b, server.natsUrl, server.lease, catchUp);
    await Promise.all(devices.splice(0).map((device) => device.browser.close()));
    await server.stop();
    // A fault run that fails (a busy machine) keeps the figures measured before it.
    const faults = await measureFaults(faultOperations).catch((error) => ({ error }));
    return { latency, catchUp: catchUpFigures, faults };
  } finally {
    await Promise.all(devices.map((device) => device.browser.close()));
    await server.stop();
  }
}

// @vitest-environment node
/**
 * The runtime as the sync worker runs it (sync-worker.ts): told by its page whether the
 * device is online, and catching up in the worker's larger batches and transactions,
 * against a real nats-server. Every operation applies once; offline means offline.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { readSyncStatus } from '../../src/db/sync-connection';
import { readCursor } from '../../src/sync/incoming/apply-incoming';
import { OFF_PAGE_FEED } from '../../src/sync/runtime/incoming-feed';
import { toldNetwork } from '../../src/sync/runtime/network-state';
import type { SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { remoteTask, remoteTaskOperation } from '../support/remote-operation';
import { createTask, createTestDatabase } from '../support/test-database';
import { messagesOf, startAliceRuntime, userTransport, waitFor } from './sync-fixtures';

let server: NatsTestServer;
const running: SyncRuntime[] = [];
const opened: CountersignDatabase[] = [];

beforeEach(async () => {
  server = await startNatsServer();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((runtime) => runtime.stop()));
  await Promise.all(opened.splice(0).map((db) => db.delete()));
  await server.stop();
});

function device(): CountersignDatabase {
  const db = createTestDatabase();
  opened.push(db);
  return db;
}

const phase = async (db: CountersignDatabase) => (await readSyncStatus(db))?.phase;

it('catches up on 1,200 operations in the worker’s batches, each applied once, in order', async () => {
  const other = userTransport(server.urls, 'alice');
  await other.connect();
  let head = 0;
  try {
    await other.ensureStream();
    const time = new Date().toISOString();
    for (let index = 0; index < 1_200; index++) {
      const id = `far-${String(index).padStart(4, '0')}`;
      const [message] = messagesOf(remoteTaskOperation(`op-${id}`, [remoteTask(id, id)], time));
      await other.publishOperation(message!.messageId, message!.data);
    }
    head = (await other.ensureStream()).lastSeq;
  } finally {
    await other.close();
  }

  const tablet = device();
  running.push(startAliceRuntime(tablet, server.urls[0]!, { feedShape: OFF_PAGE_FEED }));
  await waitFor(async () => (await readCursor(tablet)) >= head || undefined, 60_000, 'catch-up');
  expect(await tablet.tasks.where('id').startsWith('far-').count()).toBe(1_200);
  const ledger = await tablet.mutations.filter((row) => row.source === 'sync').toArray();
  expect(ledger).toHaveLength(1_200);
  expect(new Set(ledger.map((row) => row.operationId)).size).toBe(1_200);
});

it('goes offline when its page says so, keeps what is written, and sends it once back online', async () => {
  const network = toldNetwork(true);
  const tablet = device();
  running.push(startAliceRuntime(tablet, server.urls[0]!, { network }));
  await waitFor(async () => (await phase(tablet)) === 'connected' || undefined, 20_000);

  network.set(false);
  await waitFor(async () => (await phase(tablet)) === 'offline' || undefined, 10_000, 'offline');
  await createTask(tablet, 'Written offline');
  // Offline, nothing is sent: the outbox keeps the write through a push pass's interval.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(await tablet.outbox.count()).toBe(1);
  expect(await phase(tablet)).toBe('offline');

  network.set(true);
  await waitFor(async () => (await tablet.outbox.count()) === 0 || undefined, 20_000, 'sent');
  expect(await phase(tablet)).toBe('connected');
});

// @vitest-environment node
/**
 * The outbox is kept only while sync is configured, so what a device wrote before must
 * reach the others another way: the runtime hands it over when it first starts. Against a
 * real nats-server: a device's writes from before sync arrive on the other device, and a
 * device that was synced before this rule (configured, runtime not started yet after the
 * update) loses no write.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { writeSyncConfig } from '../../src/db/sync-connection';
import type { SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { createTask, createTestDatabase } from '../support/test-database';
import { exampleJournal, startAliceRuntime, waitFor } from './sync-fixtures';

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
function start(db: CountersignDatabase) {
  running.push(startAliceRuntime(db, server.urls[0]!, {}));
}
const titles = async (db: CountersignDatabase) =>
  (await db.tasks.toArray()).map((task) => task.title).sort();

describe('sync turned on', () => {
  it('a device that never synced keeps no outbox, and what it wrote before reaches the other device', async () => {
    const laptop = device();
    for (let index = 0; index < 12; index++) await createTask(laptop, `Before sync ${index}`);
    expect(await laptop.outbox.count()).toBe(0);

    await writeSyncConfig(laptop, exampleJournal(server.urls[0]!, 'alice'));
    start(laptop);
    const tablet = device();
    start(tablet);
    await waitFor(async () => (await tablet.tasks.count()) === 12 || undefined, 20_000, '12 tasks');
    await createTask(laptop, 'After sync');
    await waitFor(async () => (await tablet.tasks.count()) === 13 || undefined, 20_000, '13 tasks');
    expect(await titles(tablet)).toEqual(await titles(laptop));
  });

  it('a device synced before the update keeps every write made before its runtime starts', async () => {
    const laptop = device();
    await writeSyncConfig(laptop, exampleJournal(server.urls[0]!, 'alice'));
    start(laptop);
    await createTask(laptop, 'Synced');
    await waitFor(async () => (await laptop.outbox.count()) === 0 || undefined);
    await Promise.all(running.splice(0).map((runtime) => runtime.stop()));
    // As on a device updated from a version that had no mark: configured, with a cursor.
    await laptop.settings.delete('syncOutboxKept');
    await createTask(laptop, 'Written before the runtime started again');
    expect(await laptop.outbox.count()).toBe(1);

    start(laptop);
    const tablet = device();
    start(tablet);
    await waitFor(async () => (await tablet.tasks.count()) === 2 || undefined, 20_000, '2 tasks');
    expect(await titles(tablet)).toEqual(await titles(laptop));
  });
});

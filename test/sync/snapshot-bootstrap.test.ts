// @vitest-environment node
/**
 * Snapshots over a real nats-server, through the sync runtime: a device writes one and
 * publishes it, a new device starts from it instead of the history and then follows the
 * stream; two writers at once, a writer that died half way, and operations racing the cut
 * all end in the same journal on every device.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { readLoadedSnapshot, readSnapshotWriteState } from '../../src/db/sync-settings';
import { readSyncStatus } from '../../src/db/sync-connection';
import { readCursor } from '../../src/sync/incoming/apply-incoming';
import type { SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { NO_KEYS } from '../../src/sync/seal/key-ring';
import { readSnapshotRows } from '../../src/sync/snapshot/snapshot-rows';
import { writeSnapshot } from '../../src/sync/snapshot/write-snapshot';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { createTask, createTestDatabase } from '../support/test-database';
import { startAliceRuntime, userTransport, waitFor } from './sync-fixtures';

const subjects = syncSubjects('alice');
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

function start(db: CountersignDatabase): SyncRuntime {
  const runtime = startAliceRuntime(db, server.urls[0]!, {});
  running.push(runtime);
  return runtime;
}

const titles = async (db: CountersignDatabase) =>
  (await db.tasks.toArray()).map((task) => task.title).sort();

/** Every change of `db` has landed, and it applied everything up to the stream's end. */
async function settled(db: CountersignDatabase, lastSeq: () => Promise<number>) {
  await waitFor(
    async () =>
      ((await db.outbox.count()) === 0 && (await readCursor(db)) >= (await lastSeq())) || undefined,
    20_000,
    'the device to settle',
  );
}

async function written(db: CountersignDatabase) {
  const state = await waitFor(
    async () => {
      const current = await readSnapshotWriteState(db);
      return current?.state === 'writing' ? undefined : current;
    },
    20_000,
    'the snapshot write to end',
  );
  if (state.state !== 'written') throw new Error(`Not written: ${JSON.stringify(state)}`);
  return state;
}

async function withServer<T>(read: (observer: ReturnType<typeof userTransport>) => Promise<T>) {
  const observer = userTransport(server.urls, 'alice');
  await observer.connect();
  try {
    return await read(observer);
  } finally {
    await observer.close();
  }
}

/** The status says `words` once the device has caught up (the last batch's status is written after it). */
async function statusSays(db: CountersignDatabase, words: RegExp) {
  const says = async () => (await readSyncStatus(db))?.message ?? '';
  await waitFor(
    async () => words.test(await says()) || undefined,
    10_000,
    `the status to say ${words}`,
  );
  expect(await says()).toMatch(words);
}

const lastSeq = () => withServer(async (observer) => (await observer.ensureStream()).lastSeq);

describe('a new device starts from a snapshot', () => {
  it('loads the snapshot instead of the history, then receives a new edit', async () => {
    const laptop = device();
    const laptopSync = start(laptop);
    for (let index = 0; index < 30; index++) await createTask(laptop, `Task ${index}`);
    await settled(laptop, lastSeq);
    await laptopSync.writeSnapshot();
    const snapshot = await written(laptop);
    expect(snapshot.sequence).toBeGreaterThanOrEqual(30);

    const tablet = device();
    start(tablet);
    await waitFor(async () => (await readLoadedSnapshot(tablet)) ?? undefined, 20_000, 'a load');
    await waitFor(async () => (await tablet.tasks.count()) === 30 || undefined);
    expect(await titles(tablet)).toEqual(await titles(laptop));
    // It read the snapshot's parts, not the thirty operations before S.
    const applied = await tablet.syncApplied.toArray();
    expect(
      applied.filter((row) => row.seq <= snapshot.sequence && !row.operationId.includes(':')),
    ).toEqual([]);
    expect(applied.some((row) => row.operationId.startsWith(`s${snapshot.sequence}-`))).toBe(true);

    await createTask(laptop, 'After the snapshot');
    await waitFor(async () => (await tablet.tasks.count()) === 31 || undefined);
    await statusSays(tablet, /Loaded the journal from a snapshot/);
  });

  it('two devices writing a snapshot at once both publish one, and either serves', async () => {
    const [laptop, tablet] = [device(), device()];
    const [laptopSync, tabletSync] = [start(laptop), start(tablet)];
    for (let index = 0; index < 10; index++) {
      await createTask(laptop, `Laptop ${index}`);
      await createTask(tablet, `Tablet ${index}`);
    }
    await settled(laptop, lastSeq);
    await settled(tablet, lastSeq);
    await Promise.all([laptopSync.writeSnapshot(), tabletSync.writeSnapshot()]);
    await Promise.all([written(laptop), written(tablet)]);
    const manifests = await withServer((observer) =>
      observer.subjectsUnder(subjects.snapshotManifests),
    );
    expect(manifests).toHaveLength(2);

    const phone = device();
    start(phone);
    await waitFor(async () => (await readLoadedSnapshot(phone)) ?? undefined, 20_000, 'a load');
    await waitFor(async () => (await phone.tasks.count()) === 20 || undefined);
    expect(await titles(phone)).toEqual(await titles(laptop));
    expect(await titles(tablet)).toEqual(await titles(laptop));
  });

  it('passes over a snapshot whose writer died half way, in words, and starts from the older one', async () => {
    const laptop = device();
    const laptopSync = start(laptop);
    for (let index = 0; index < 5; index++) await createTask(laptop, `Task ${index}`);
    await settled(laptop, lastSeq);
    await laptopSync.writeSnapshot();
    const good = await written(laptop);
    await createTask(laptop, 'Later');
    await settled(laptop, lastSeq);
    // A newer snapshot in two parts whose writer stopped after the first part and its
    // manifest (as a manifest published before all parts, or a part removed since).
    const read = await readSnapshotRows(laptop);
    if (!read.ok) throw new Error(read.reason);
    const torn = await writeSnapshot(
      subjects,
      NO_KEYS,
      {
        sequence: read.sequence,
        writer: 'torn',
        deviceId: 'torn',
        time: new Date().toISOString(),
        rows: read.rows,
      },
      1_500,
    );
    expect(torn.messages.length).toBeGreaterThan(2);
    // And one newer still with no manifest at all: parts only.
    const orphan = await writeSnapshot(subjects, NO_KEYS, {
      sequence: read.sequence + 1,
      writer: 'orphan',
      deviceId: 'orphan',
      time: new Date().toISOString(),
      rows: read.rows,
    });
    await withServer(async (observer) => {
      await observer.publishOnce(torn.messages[0]!.subject, torn.messages[0]!.data);
      await observer.publishOnce(torn.messages.at(-1)!.subject, torn.messages.at(-1)!.data);
      for (const part of orphan.messages.slice(0, -1))
        await observer.publishOnce(part.subject, part.data);
    });

    const tablet = device();
    start(tablet);
    const loaded = await waitFor(async () => (await readLoadedSnapshot(tablet)) ?? undefined);
    expect(loaded.sequence).toBe(good.sequence);
    await waitFor(async () => (await tablet.tasks.count()) === 6 || undefined);
    expect(await titles(tablet)).toEqual(await titles(laptop));
    // Caught up, the status says what was passed over (while catching up it says that).
    await statusSays(tablet, /A snapshot on the server was not used: it has 1 of its \d+ parts/);
  });

  it('asked for as a page opens, before its runtime has connected, waits and is written', async () => {
    const laptop = device();
    const first = start(laptop);
    for (let index = 0; index < 3; index++) await createTask(laptop, `Task ${index}`);
    await settled(laptop, lastSeq);
    const before = await lastSeq();
    await first.stop();
    running.splice(running.indexOf(first), 1);
    // The page opens again: its runtime starts, and Write a snapshot now is pressed at once.
    const again = start(laptop);
    await again.writeSnapshot();
    expect((await written(laptop)).sequence).toBeGreaterThanOrEqual(before);
  });

  it('operations racing the cut: the snapshot and the stream after it give every device the same journal', async () => {
    const [laptop, tablet] = [device(), device()];
    const [laptopSync] = [start(laptop), start(tablet)];
    for (let index = 0; index < 10; index++) await createTask(laptop, `Before ${index}`);
    await settled(laptop, lastSeq);
    const racing = (async () => {
      for (let index = 0; index < 15; index++) await createTask(tablet, `Racing ${index}`);
    })();
    await laptopSync.writeSnapshot();
    await racing;
    await settled(tablet, lastSeq);
    await settled(laptop, lastSeq);
    const state = await readSnapshotWriteState(laptop);
    expect(state?.state === 'written' || state?.state === 'failed').toBe(true);

    const phone = device();
    start(phone);
    await waitFor(async () => (await phone.tasks.count()) === 25 || undefined, 20_000, '25 tasks');
    expect(await titles(phone)).toEqual(await titles(laptop));
    expect(await titles(tablet)).toEqual(await titles(laptop));
  });
});

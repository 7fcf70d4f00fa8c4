// @vitest-environment node
/**
 * The wakes' outcome notes across compaction, against a real nats-server (decisions 0011
 * and 0014): the operator's job removes the notes below its cut, like the claims, since each
 * device wrote its Activity line when its feed passed one. A tablet offline across the
 * compaction starts from the snapshot without an error, keeps the line it had written, gets
 * none for a note from before the snapshot (Activity is each device's own, as for every
 * other change before a snapshot), and one line for each note after it: no line twice.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { readLoadedSnapshot } from '../../src/db/sync-settings';
import { outcomePublisher } from '../../src/sync/claims/wake-outcome';
import { readCursor } from '../../src/sync/incoming/apply-incoming';
import type { SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { NO_KEYS } from '../../src/sync/seal/key-ring';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { createTask, createTestDatabase } from '../support/test-database';
import { compactPastWindow, snapshotWhenCaughtUp } from './compaction-stage';
import {
  startAliceRuntime,
  streamObserver,
  userTransport,
  waitFor,
  type TestTransport,
} from './sync-fixtures';

const RETENTION_MS = 1_500;

let server: NatsTestServer;
let agent: TestTransport;
const running: SyncRuntime[] = [];

beforeAll(async () => {
  server = await startNatsServer();
  agent = userTransport(server.urls, 'alice');
  await agent.connect();
  await agent.ensureStream();
});
afterAll(async () => {
  await Promise.all(running.splice(0).map((runtime) => runtime.stop()));
  await agent?.close();
  await server?.stop();
});

const startOn = (db: CountersignDatabase) => {
  const runtime = startAliceRuntime(db, server.urls[0]!, {});
  running.push(runtime);
  return runtime;
};

/** The Activity lines of wakes that ended on another device, oldest first. */
const wakeLines = async (db: CountersignDatabase) =>
  (await db.auditMessages.toArray())
    .filter((row) => (row.payload as { wakeEnded?: boolean } | undefined)?.wakeEnded === true)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));

it('removes the outcome notes below the cut; a tablet offline across it starts from the snapshot with no line twice', async () => {
  const warned = vi.spyOn(console, 'warn');
  const [laptop, tablet] = [createTestDatabase(), createTestDatabase()];
  const laptopSync = startOn(laptop);
  const tabletSync = startOn(tablet);
  const taskId = await createTask(laptop, 'Renew the certificate');
  const ended = outcomePublisher({
    server: agent,
    user: 'alice',
    deviceId: () => 'agent-home',
    ring: async () => NO_KEYS,
  });
  const lines = (db: CountersignDatabase, count: number, what: string) =>
    waitFor(
      async () => ((await wakeLines(db)).length === count ? wakeLines(db) : undefined),
      15_000,
      what,
    );

  await ended({ taskId, status: 'done', proposed: 2, turns: 2 });
  const [seen] = await lines(tablet, 1, 'the first line on the tablet');
  await lines(laptop, 1, 'the first line on the laptop');
  await tabletSync.stop();
  running.splice(running.indexOf(tabletSync), 1);
  await ended({ taskId, status: 'done', proposed: 0, turns: 1 });
  await lines(laptop, 2, 'the second line on the laptop');

  const observer = await streamObserver(server.urls, 'alice');
  const subjects = syncSubjects('alice');
  const lastSeq = async () => (await observer.jsm.streams.info(subjects.stream)).state.last_seq;
  const written = await snapshotWhenCaughtUp(laptop, laptopSync, lastSeq);
  expect(Object.keys(await observer.countBySubject('outcome.>'))).toHaveLength(2);
  const compacted = await compactPastWindow(server.urls, laptop, written.sequence, RETENTION_MS);
  expect(compacted.cut).toBe(written.sequence);
  expect(await observer.countBySubject('outcome.>')).toEqual({});

  // Back, below the watermark: it starts from the snapshot and follows the stream after it.
  startOn(tablet);
  const loaded = await waitFor(async () => (await readLoadedSnapshot(tablet)) ?? undefined);
  expect(loaded.sequence).toBe(written.sequence);
  await ended({
    taskId,
    status: 'failed',
    proposed: 0,
    turns: 1,
    message: 'The model did not answer.',
  });
  const after = await lines(tablet, 2, 'the line after the compaction on the tablet');
  await lines(laptop, 3, 'the third line on the laptop');
  expect(after[0]).toEqual(seen);
  expect(after[1]!.summary).toBe(
    'The agent on another device did not finish “Renew the certificate”: The model did not answer.',
  );
  const end = await lastSeq();
  await waitFor(async () => (await readCursor(tablet)) >= end || undefined, 15_000, 'caught up');
  const status = (await tablet.syncState.get('status'))?.value as { phase?: string } | undefined;
  expect(status?.phase).toBe('connected');
  expect(await wakeLines(tablet)).toEqual(after);
  expect(warned.mock.calls.filter((call) => String(call[0]).includes('refused'))).toEqual([]);
  await observer.close();
});

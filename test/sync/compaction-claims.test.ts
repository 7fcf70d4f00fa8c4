// @vitest-environment node
/**
 * Decide-once across compaction, against a real nats-server (decision 0011): once the
 * operator's job has removed the claim subjects below its watermark, a purged subject
 * would take a new claim as its first. Snapshots carry the claims up to S, and a device
 * checks the claims it knows before asking the server: a device that decided an item
 * while away, after another device decided it and the claim was purged, loses, says so,
 * and changes nothing anywhere.
 */
import { jetstream } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactJournal } from '../../sync-server/compact.mjs';
import { confirmItem } from '../../src/confirmation/confirm-item';
import { rejectItem } from '../../src/confirmation/reject-item';
import type { CountersignDatabase } from '../../src/db/database';
import { readLoadedSnapshot } from '../../src/db/sync-settings';
import { readCursor } from '../../src/sync/incoming/apply-incoming';
import type { SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';
import { taskClaims } from '../../src/sync/claims/task-claims';
import { NO_KEYS } from '../../src/sync/seal/key-ring';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { propose } from '../support/proposals';
import { createAgentReadyTask, createTestDatabase } from '../support/test-database';
import {
  compactionStage,
  compactPastWindow,
  snapshotWhenCaughtUp,
  type CompactionStage,
} from './compaction-stage';
import { reportingDevice } from './reporting-device';
import {
  publishStandInSnapshot,
  startAliceRuntime,
  streamObserver,
  waitFor,
} from './sync-fixtures';

const RETENTION_MS = 1_500;
const subjects = syncSubjects('alice');

let server: NatsTestServer;
const running: SyncRuntime[] = [];
const databases: CountersignDatabase[] = [];

beforeAll(async () => {
  server = await startNatsServer();
});
afterAll(async () => {
  await Promise.all(running.splice(0).map((runtime) => runtime.stop()));
  await Promise.all(databases.splice(0).map((db) => db.delete()));
  await server?.stop();
});

const startOn = (db: CountersignDatabase) => {
  const runtime = startAliceRuntime(db, server.urls[0]!, {});
  running.push(runtime);
  return runtime;
};

/** What another device could see change: rows, the ledger, audit, tallies, wakes. */
const everything = async (db: CountersignDatabase) => ({
  tasks: await db.tasks.toArray(),
  items: await db.changeItems.toArray(),
  decisions: (await db.decisions.toArray()).sort((a, b) => a.id.localeCompare(b.id)),
  ledger: await db.mutations.count(),
  audits: await db.auditMessages.count(),
  tallies: await db.tallies.toArray(),
  wakes: await db.wakes.count(),
});

describe('decide-once after the claim subjects were removed', () => {
  it('a device that decided an item while away loses to the claim the snapshot carries, and nothing changes on the other device', async () => {
    const [laptop, tablet] = [createTestDatabase(), createTestDatabase()];
    databases.push(laptop, tablet);
    const laptopSync = startOn(laptop);
    const tabletSync = startOn(tablet);
    const { taskId } = await createAgentReadyTask(laptop);
    const set = await propose(laptop, taskId, [
      { name: 'update_task_estimate', args: { minutes: 60 } },
    ]);
    await waitFor(() => tablet.changeItems.get(`${set.id}:0`), 10_000, 'the proposal');
    await tabletSync.stop();
    running.splice(running.indexOf(tabletSync), 1);

    // The laptop confirms and claims the item; the tablet, away, rejects it.
    expect((await confirmItem(laptop, set.id, 0)).status).toBe('applied');
    expect((await rejectItem(tablet, set.id, 0, { reason: 'too long' })).status).toBe('rejected');
    const observer = await streamObserver(server.urls, 'alice');
    const lastSeq = async () => (await observer.jsm.streams.info(subjects.stream)).state.last_seq;
    const written = await snapshotWhenCaughtUp(laptop, laptopSync, lastSeq);
    expect(Object.keys(await observer.countBySubject('decisions.>'))).toHaveLength(1);
    expect(await laptop.syncClaims.count()).toBe(1);
    const compacted = await compactPastWindow(server.urls, laptop, written.sequence, RETENTION_MS);
    expect(compacted.cut).toBe(written.sequence);
    // The claim subject is gone: on nats-server 2.9 a claim there now would be stored first.
    expect(await observer.countBySubject('decisions.>')).toEqual({});
    const laptopBefore = await everything(laptop);

    startOn(tablet);
    const loaded = await waitFor(async () => (await readLoadedSnapshot(tablet)) ?? undefined);
    expect(loaded.sequence).toBe(written.sequence);
    const lost = await waitFor(
      async () =>
        (await tablet.syncPushes.filter((push) => push.claimState === 'lost').first()) ?? undefined,
      15_000,
      'the tablet’s claim to be lost',
    );
    expect(lost.claim?.verdict).toBe('rejected');
    // The tablet's decision was taken back and never sent; the laptop's stands everywhere.
    const laptopDecision = laptopBefore.decisions[0]!;
    expect(laptopBefore.decisions).toHaveLength(1);
    await waitFor(async () => (await tablet.decisions.count()) === 1 || undefined);
    expect((await tablet.decisions.toArray()).map((each) => each.id)).toEqual([laptopDecision.id]);
    expect((await tablet.changeItems.get(`${set.id}:0`))?.status).toBe('confirmed');
    expect((await tablet.tasks.get(taskId))?.estimateMinutes).toBe(60);
    expect(await observer.countBySubject('decisions.>')).toEqual({});
    await tablet.syncNotices.count().then((count) => expect(count).toBeGreaterThan(0));

    const end = await lastSeq();
    await waitFor(
      async () =>
        ((await tablet.outbox.count()) === 0 &&
          (await readCursor(tablet)) >= end &&
          (await readCursor(laptop)) >= end) ||
        undefined,
    );
    expect(await everything(laptop)).toEqual(laptopBefore);
    await observer.close();
  });
});

describe('what the job removes of the claim subjects', () => {
  let stage: CompactionStage;
  beforeAll(async () => {
    stage = await compactionStage();
  });
  afterAll(async () => {
    await stage?.close();
  });

  it('below the cut: decision claims once the base carries them, every task-claim attempt, clock reads, outcome notes', async () => {
    const js = jetstream(stage.raw, { timeout: 5_000 });
    const once = { expect: { lastSubjectSequence: 0 } };
    const text = (value: string) => new TextEncoder().encode(value);
    expect((await stage.device.claimDecision('set-old', 0, text('confirmed'))).outcome).toBe('won');
    for (const attempt of [0, 1, 2])
      await js.publish(subjects.taskClaim('task-a', attempt), 'c', once);
    await js.publish(subjects.taskClaim('task-b', 1), 'c', once);
    await js.publish(subjects.clock('read-1'), '', once);
    await js.publish(subjects.wakeOutcome('ended-1'), 'o', once);
    const base = await stage.push('old-0');
    await publishStandInSnapshot(stage.raw, 'alice', base, 1, true);
    await new Promise((resolve) => setTimeout(resolve, RETENTION_MS + 200));
    const device = reportingDevice(stage.raw, 'dev-a');
    await device.report(base);
    await stage.push('new-0');
    // Newer than the cut: stays whatever its family (and makes task-a's attempt 2 an old one).
    await js.publish(subjects.taskClaim('task-a', 3), 'c', once);
    await js.publish(subjects.clock('read-2'), '', once);
    await js.publish(subjects.wakeOutcome('ended-2'), 'o', once);

    const report = await compactJournal(stage.maintenance, 'alice', { retentionMs: RETENTION_MS });
    expect(report.cut).toBe(base);
    const observer = await streamObserver(stage.server.urls, 'alice');
    expect(await observer.countBySubject('decisions.>')).toEqual({});
    // Each task's newest attempt too: older than the window, its lease long run out.
    expect(Object.keys(await observer.countBySubject('claim.>'))).toEqual([
      'cs.alice.claim.task-a.3',
    ]);
    expect(Object.keys(await observer.countBySubject('clock.>'))).toEqual([
      'cs.alice.clock.read-2',
    ]);
    expect(Object.keys(await observer.countBySubject('outcome.>'))).toEqual([
      'cs.alice.outcome.ended-2',
    ]);
    // A task whose attempts all went is claimed afresh, on the emptied first attempt's subject.
    const claims = taskClaims({
      server: stage.device,
      user: 'alice',
      deviceId: () => 'agent-b',
      ring: async () => NO_KEYS,
    });
    expect(await claims.claim('task-b', 1, 1)).toMatchObject({ won: true, held: { attempt: 1 } });
    await observer.close();
  });
});

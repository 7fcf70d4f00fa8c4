// @vitest-environment node
/**
 * The operator's compaction (sync-server/compact.mjs) against a real nats-server, as the
 * account's maintenance user from sync-server/accounts.conf: the stream's subjects drop,
 * nothing an active device still needs goes, decide-once holds below the watermark, and
 * no device can purge or move the watermark itself.
 */
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCompaction } from '../../sync-server/compact-command.mjs';
import { compactJournal } from '../../sync-server/compact.mjs';
import type { CountersignDatabase } from '../../src/db/database';
import { readLoadedSnapshot } from '../../src/db/sync-settings';
import { readCursor } from '../../src/sync/incoming/apply-incoming';
import type { SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { createTask, createTestDatabase, userWrite } from '../support/test-database';
import {
  journalOperation,
  startAliceRuntime,
  waitFor,
  messagesOf,
  publishStandInSnapshot,
  streamObserver,
  type TestTransport,
} from './sync-fixtures';
import {
  compactionStage,
  compactPastWindow,
  snapshotWhenCaughtUp,
  type CompactionStage,
} from './compaction-stage';
import { reportingDevice, type ReportingDevice } from './reporting-device';

const RETENTION_MS = 1_500;
const OLD_OPERATIONS = 30;
const subjects = syncSubjects('alice');
const text = (value: string) => new TextEncoder().encode(value);

let stage: CompactionStage;
let device: TestTransport;
let raw: NatsConnection;
let maintenance: NatsConnection;
let observer: Awaited<ReturnType<typeof streamObserver>>;
let report: Awaited<ReturnType<typeof compactJournal>>;
let snapshotSeq = 0;
let devA: ReportingDevice;
const push = (operationId: string) => stage.push(operationId);

beforeAll(async () => {
  stage = await compactionStage();
  ({ device, raw, maintenance } = stage);
  observer = await streamObserver(stage.server.urls, 'alice');
});

afterAll(async () => {
  await observer?.close();
  await stage?.close();
});

describe('compaction of a journal stream', () => {
  it('does nothing while there is no snapshot every active device has passed', async () => {
    for (let index = 0; index < OLD_OPERATIONS; index++) snapshotSeq = await push(`old-${index}`);
    expect((await device.claimDecision('set-old', 0, text('confirmed'))).outcome).toBe('won');
    devA = reportingDevice(raw, 'dev-a');
    await devA.report(snapshotSeq);
    const first = await compactJournal(maintenance, 'alice', { retentionMs: RETENTION_MS });
    expect(first.cut).toBe(0);
    expect(first.reason).toMatch(/no complete snapshot/);
    expect(Object.keys(await observer.countBySubject('ops.>'))).toHaveLength(OLD_OPERATIONS);
  });

  it('removes operations older than both the snapshot and the window, and publishes the watermark', async () => {
    await publishStandInSnapshot(raw, 'alice', snapshotSeq, 2);
    const stale = await publishStandInSnapshot(raw, 'alice', 3, 2);
    await new Promise((resolve) => setTimeout(resolve, RETENTION_MS + 200));
    await devA.report(snapshotSeq + 4);
    await reportingDevice(raw, 'dev-b').report(snapshotSeq + 4);
    for (let index = 0; index < 3; index++) await push(`new-${index}`);

    report = await compactJournal(maintenance, 'alice', { retentionMs: RETENTION_MS });
    expect(report.cut).toBe(snapshotSeq);
    expect(report.activeDevices).toBe(2);
    expect(report.after.subjects).toBeLessThan(report.before.subjects);
    const operations = Object.keys(await observer.countBySubject('ops.>'));
    expect(operations.sort()).toEqual([
      'cs.alice.ops.new-0',
      'cs.alice.ops.new-1',
      'cs.alice.ops.new-2',
    ]);
    expect(await observer.countBySubject(`snapshots.${stale}`)).toEqual({});
    expect(Object.keys(await observer.countBySubject('snap.>'))).toHaveLength(2);
    expect(Object.keys(await observer.countBySubject('progress.>')).sort()).toEqual([
      `cs.alice.progress.dev-a.${snapshotSeq + 4}`,
      `cs.alice.progress.dev-b.${snapshotSeq + 4}`,
    ]);
    const jsm = await jetstreamManager(raw, { checkAPI: false });
    const watermark = await jsm.direct.getMessage(subjects.stream, {
      last_by_subj: subjects.compactionWatermarks,
    });
    expect(watermark?.subject).toBe(`cs.alice.compaction.${snapshotSeq}`);
    expect(watermark?.json()).toMatchObject({
      watermark: snapshotSeq,
      snapshotId: report.snapshotId,
    });
  });

  it('keeps decide-once below the watermark: a claim already decided is lost, not won again', async () => {
    const again = await device.claimDecision('set-old', 0, text('rejected later'));
    expect(again.outcome).toBe('lost');
  });

  it('a second run with nothing new past the watermark removes nothing', async () => {
    const second = await compactJournal(maintenance, 'alice', { retentionMs: RETENTION_MS });
    expect(second.cut).toBe(0);
    expect(second.after).toEqual(second.before);
  });

  it('a compacted operation pushed again inside the de-duplication window is refused as a copy', async () => {
    const [message] = messagesOf(journalOperation('old-0'));
    const receipt = await device.publishOperation(message!.messageId, message!.data);
    expect(receipt.status).toBe('already-landed');
    expect(await observer.countBySubject('ops.old-0')).toEqual({});
  });

  it('no device can purge the stream or publish a watermark', async () => {
    const denied = /Permissions Violation/;
    const jsm = await jetstreamManager(raw, { checkAPI: false, timeout: 2_000 });
    await expect(jsm.streams.purge(subjects.stream, { filter: 'cs.alice.ops.>' })).rejects.toThrow(
      denied,
    );
    await expect(
      jetstream(raw, { timeout: 2_000 }).publish('cs.alice.compaction.999999', '{}'),
    ).rejects.toThrow();
    expect(await observer.countBySubject('compaction.>')).toEqual({
      [`cs.alice.compaction.${snapshotSeq}`]: 1,
    });
  });

  it('the operator command keeps everything newer than 30 days and says so', async () => {
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => lines.push(line);
    try {
      expect(
        await runCompaction(['--compact', '--server', stage.server.urls[0]!, '--users', 'alice']),
      ).toBe(0);
    } finally {
      console.log = log;
    }
    expect(lines.join('\n')).toMatch(
      /^alice: kept everything: nothing older than the retention window/,
    );
  });

  it('the operator command refuses a retention under a day in words', async () => {
    const errors: string[] = [];
    const error = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      expect(await runCompaction(['--retention-days', '0'])).toBe(2);
    } finally {
      console.error = error;
    }
    expect(errors.join('\n')).toMatch(/at least 1/);
  });
});

describe('compaction and a device that starts from the snapshot', () => {
  let own: NatsTestServer;
  const running: SyncRuntime[] = [];
  const devices: CountersignDatabase[] = [];
  beforeAll(async () => {
    own = await startNatsServer();
  });
  afterAll(async () => {
    await Promise.all(running.splice(0).map((runtime) => runtime.stop()));
    await Promise.all(devices.splice(0).map((db) => db.delete()));
    await own?.stop();
  });
  const startOn = (db: CountersignDatabase) => {
    const runtime = startAliceRuntime(db, own.urls[0]!, {});
    running.push(runtime);
    return runtime;
  };
  // The ledger is what an automatic wake watches: no new row, no wake.
  const journalOf = async (db: CountersignDatabase) => ({
    tasks: (await db.tasks.toArray()).sort((a, b) => a.id.localeCompare(b.id)),
    audits: await db.auditMessages.count(),
    tallies: await db.tallies.toArray(),
    ledger: await db.mutations.count(),
    wakes: await db.wakes.count(),
  });

  it('a device offline across the compaction starts from the snapshot and loses nothing; a compacted operation pushed again changes nothing on either device', async () => {
    const [laptop, tablet] = [createTestDatabase(), createTestDatabase()];
    devices.push(laptop, tablet);
    const laptopSync = startOn(laptop);
    const tabletSync = startOn(tablet);
    const firstId = await createTask(laptop, 'First');
    await userWrite(laptop, 'set_task_title', { title: 'First, renamed' }, { taskId: firstId });
    for (let index = 0; index < 10; index++) await createTask(laptop, `Old ${index}`);
    await waitFor(async () => (await tablet.tasks.count()) === 11 || undefined);
    // The tablet goes away; its cursor stays where it was.
    await tabletSync.stop();
    running.splice(running.indexOf(tabletSync), 1);
    for (let index = 0; index < 5; index++) await createTask(laptop, `While away ${index}`);
    const observer = await streamObserver(own.urls, 'alice');
    const lastSeq = async () => (await observer.jsm.streams.info(subjects.stream)).state.last_seq;
    const written = await snapshotWhenCaughtUp(laptop, laptopSync, lastSeq);
    // Every operation, as stored: pushed again after the compaction, none may change anything.
    const ops = await observer.jsm.streams.info(subjects.stream, {
      subjects_filter: 'cs.alice.ops.>',
    });
    const stored = await Promise.all(
      Object.keys(ops.state.subjects ?? {}).map(async (subject) => {
        const message = await observer.jsm.direct.getMessage(subjects.stream, {
          last_by_subj: subject,
        });
        return { subject, data: message!.data };
      }),
    );
    expect(stored.length).toBeGreaterThanOrEqual(17);

    const compacted = await compactPastWindow(own.urls, laptop, written.sequence, RETENTION_MS);
    expect(compacted.cut).toBe(written.sequence);
    expect(await readCursor(tablet)).toBeLessThan(compacted.cut);
    await createTask(laptop, 'After the compaction');

    startOn(tablet);
    const loaded = await waitFor(async () => (await readLoadedSnapshot(tablet)) ?? undefined);
    expect(loaded.sequence).toBe(written.sequence);
    await waitFor(async () => (await tablet.tasks.count()) === 17 || undefined, 20_000, '17');
    expect((await journalOf(tablet)).tasks.map((task) => task.title).sort()).toEqual(
      (await journalOf(laptop)).tasks.map((task) => task.title).sort(),
    );

    // Both have applied everything (their own echoes too) before the journals are compared.
    const end = await lastSeq();
    await waitFor(
      async () =>
        ((await laptop.outbox.count()) === 0 &&
          (await readCursor(laptop)) >= end &&
          (await readCursor(tablet)) >= end) ||
        undefined,
    );
    // Pushed again after their subjects were purged: they land again (nats-server 2.9.10).
    const before = { laptop: await journalOf(laptop), tablet: await journalOf(tablet) };
    let again = 0;
    const left = await observer.jsm.streams.info(subjects.stream, {
      subjects_filter: 'cs.alice.ops.>',
    });
    const purged = stored.filter(({ subject }) => !(subject in (left.state.subjects ?? {})));
    expect(purged.length).toBeGreaterThanOrEqual(16);
    const admin = await connect({ servers: own.urls, user: 'alice', pass: 'alice' });
    for (const { subject, data } of purged)
      again = (await jetstream(admin).publish(subject, data)).seq;
    await admin.close();
    await waitFor(
      async () =>
        ((await readCursor(laptop)) >= again && (await readCursor(tablet)) >= again) || undefined,
    );
    expect(await journalOf(laptop)).toEqual(before.laptop);
    expect(await journalOf(tablet)).toEqual(before.tablet);
    expect((await tablet.tasks.get(firstId))?.title).toBe('First, renamed');
    await observer.close();
  });
});

import { describe, expect, it } from 'vitest';
import { freshDatabases } from '../../../test/support/deleted-after-each';
import { createAgentReadyTask, userWrite } from '../../../test/support/test-database';
import { stamp } from '../../../test/support/factories';
import { propose } from '../../../test/support/proposals';
import { verifyWritten } from '../../../test/support/snapshots';
import { confirmItem } from '../../confirmation/confirm-item';
import { undoDecision } from '../../confirmation/undo-decision';
import type { CountersignDatabase } from '../../db/database';
import { readDecisionStats } from '../../db/decision-stats';
import { readTallies } from '../../db/tallies';
import { DEFAULT_AGENT_ID } from '../../domain/agent';
import { SYNC_TABLES } from '../../domain/sync-envelope';
import { readCursor } from '../incoming/apply-incoming';
import { NO_KEYS } from '../seal/key-ring';
import { syncSubjects } from '../transport/sync-subjects';
import { DeviceKeyDatabase } from '../../db/device-key-store';
import { recordThisDevice } from '../devices/device-records';
import { loadSnapshot } from './load-snapshot';
import { readSnapshotRows } from './snapshot-rows';
import { writeSnapshot } from './write-snapshot';

const subjects = syncSubjects('alice');
// After every write of the test: a snapshot's rows are never later than the time it was written.
const NOW = new Date(Date.now() + 3_600_000).toISOString();
const fresh = freshDatabases();

/** A journal with a row in every synced table, written as the app writes them. */
async function fullJournal(db: CountersignDatabase) {
  const { taskId, categoryId } = await createAgentReadyTask(db);
  await userWrite(db, 'add_journal_entry', { text: 'Called the venue' }, { taskId });
  await userWrite(db, 'create_suppression_rule', {
    toolName: 'update_task_title',
    categoryId,
    origin: 'You rejected title 3 times on tasks in Work.',
  });
  const set = await propose(db, taskId, [
    { name: 'update_task_estimate', args: { minutes: 90 } },
    { name: 'update_task_priority', args: { priority: 'P0' } },
  ]);
  const confirmed = await confirmItem(db, set.id, 0);
  if (confirmed.status !== 'applied') throw new Error(confirmed.message);
  const base = { ...stamp(NOW), agentId: DEFAULT_AGENT_ID, taskId };
  await db.reports.put({ ...base, id: 'report-1', oneLiner: 'On track', tldr: 'ok', content: 'x' });
  await db.observations.put({
    ...base,
    id: 'observation-1',
    text: 'Prefers mornings',
    priority: 'normal',
    category: 'habits',
  });
  await recordThisDevice(db, new DeviceKeyDatabase(`keys-${crypto.randomUUID()}`), 'computer');
  // Every write has reached the server: a snapshot holds only what is on the stream.
  await db.outbox.clear();
  return { taskId, setId: set.id };
}

async function tablesOf(db: CountersignDatabase) {
  const contents = await Promise.all(SYNC_TABLES.map((name) => db.table(name).toArray()));
  return Object.fromEntries(SYNC_TABLES.map((name, index) => [name, contents[index]]));
}

async function snapshotOf(db: CountersignDatabase, sequence: number) {
  const read = await readSnapshotRows(db);
  if (!read.ok) throw new Error(read.reason);
  const written = await writeSnapshot(
    subjects,
    NO_KEYS,
    { sequence, writer: 'tok-laptop', deviceId: 'laptop', time: NOW, rows: read.rows },
    2 * 1024,
  );
  const verified = await verifyWritten(subjects, NO_KEYS, written);
  return { ...verified, read };
}

const deps = (db: CountersignDatabase, progress: number[] = []) => ({
  db,
  deviceId: 'tablet',
  now: () => NOW,
  rowsPerStep: 5,
  onProgress: (done: number) => progress.push(done),
});

describe('a new device that starts from a snapshot', () => {
  it('ends with every synced row, the tallies recounted, the cursor at S', async () => {
    const laptop = fresh();
    await fullJournal(laptop);
    const { manifest, operation, read } = await snapshotOf(laptop, 42);
    for (const table of SYNC_TABLES)
      expect(
        read.rows.some((row) => row.table === table),
        table,
      ).toBe(true);
    expect(manifest.partCount).toBeGreaterThan(1);

    const tablet = fresh();
    const progress: number[] = [];
    const loaded = await loadSnapshot(deps(tablet, progress), manifest, operation);
    expect(loaded).toMatchObject({ ok: true, applied: true });
    expect(progress.at(-1)).toBe(read.rows.length);
    expect(progress.length).toBeGreaterThan(1);

    const [mine, theirs] = await Promise.all([tablesOf(laptop), tablesOf(tablet)]);
    for (const table of SYNC_TABLES) {
      // A set's item counts are kept by each device as its items are written (change-items.ts),
      // which stamps the set there as incoming operations do: the same set, other bookkeeping.
      const comparable = (rows: unknown[]) =>
        table === 'changeSets'
          ? rows.map((row) => ({ ...(row as object), rev: 0, updatedAt: '', vectorClock: {} }))
          : rows;
      expect(comparable(theirs[table]!), table).toEqual(comparable(mine[table]!));
    }
    expect(await readCursor(tablet)).toBe(42);
    expect(await readTallies(tablet)).toEqual(await readTallies(laptop));
    expect(await readDecisionStats(tablet)).toEqual(await readDecisionStats(laptop));
    expect((await readTallies(tablet)).pendingItems).toBe(1);
  });

  it('loading the same snapshot again changes nothing, and a device past S skips it', async () => {
    const laptop = fresh();
    await fullJournal(laptop);
    const { manifest, operation } = await snapshotOf(laptop, 7);
    const tablet = fresh();
    await loadSnapshot(deps(tablet), manifest, operation);
    const [tablesBefore, auditBefore] = [
      await tablesOf(tablet),
      await tablet.auditMessages.count(),
    ];
    const again = await loadSnapshot(deps(tablet), manifest, operation);
    expect(again).toMatchObject({ ok: true, applied: false });
    expect(await tablesOf(tablet)).toEqual(tablesBefore);
    expect(await tablet.auditMessages.count()).toBe(auditBefore);
  });

  it('refuses, with words, to undo a decision made before the snapshot', async () => {
    const laptop = fresh();
    await fullJournal(laptop);
    const { manifest, operation } = await snapshotOf(laptop, 9);
    const tablet = fresh();
    await loadSnapshot(deps(tablet), manifest, operation);
    const [decision] = await tablet.decisions.toArray();
    const outcome = await undoDecision(tablet, decision!.id);
    expect(outcome.status).toBe('cannot-undo');
    expect(outcome.message).toMatch(/before this device started from a snapshot/);
    expect((await tablet.decisions.get(decision!.id))?.undoneAt).toBeUndefined();
  });

  it('is not written while a change of this device has not reached the server', async () => {
    const laptop = fresh();
    await laptop.outbox.add({
      id: 'waiting',
      operationId: 'op-1',
      kind: 'journal',
      diffs: [],
      createdAt: NOW,
    });
    const read = await readSnapshotRows(laptop);
    expect(read).toEqual({
      ok: false,
      reason:
        'A change of this device have not reached the server yet. A snapshot is written once they have.',
    });
  });
});

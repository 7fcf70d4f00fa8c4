import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entryRow, stamp, taskRow } from '../../../test/support/factories';
import { createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import { encodeEnvelope, type RowDiff } from '../../domain/sync-envelope';
import type { SyncMessage } from '../transport/sync-transport';
import { applyIncoming, IncomingBatchError, readCursor } from './apply-incoming';
import { GROUP_ROWS } from './group-incoming';
import { IDS_READ_PER_TASK } from './plan-incoming';

const TASK = 'task-shared';
const START = Date.parse('2026-11-27T08:00:00.000Z');
/** Beyond the merge rule's allowance for clock skew: each row's times are capped at its message's. */
const FAR_FUTURE = '2031-01-01T00:00:00.000Z';

const at = (seconds: number) => new Date(START + seconds * 1_000).toISOString();

function message(
  seq: number,
  operationId: string,
  diffs: RowDiff[],
  device = 'other',
): SyncMessage {
  return {
    seq,
    subject: `cs.ann.ops.${operationId}`,
    kind: 'operation',
    // Ten minutes apart: beyond the skew allowance, so a row capped at the wrong message's
    // time would differ.
    time: at(seq * 600),
    data: encodeEnvelope({
      v: 1,
      operationId,
      kind: 'journal',
      deviceId: device,
      vectorClock: { [device]: seq },
      time: at(seq * 600),
      part: { index: 0, count: 1 },
      diffs,
    }),
  };
}

function newEntry(seq: number): SyncMessage {
  const entry = {
    ...entryRow({ taskId: TASK, id: `entry-${seq}` }),
    ...stamp(at(seq), 1, 'other'),
  };
  return message(seq, `op-${seq}`, [
    { table: 'entries', id: entry.id, before: null, after: entry },
  ]);
}

/** `count` operations of another device, all new entries on one task. */
const entries = (count: number) => Array.from({ length: count }, (_, index) => newEntry(index + 1));

let db: CountersignDatabase;
const deps = () => ({ db, deviceId: 'here', now: () => at(0), resolveClaim: async () => {} });

async function bookkeeping(of: CountersignDatabase) {
  const mutations = await of.mutations.toArray();
  return {
    entries: await of.entries.count(),
    applied: await of.syncApplied.count(),
    mutations: mutations.length,
    audit: await of.auditMessages.count(),
    rowsInLedger: mutations.reduce((sum, row) => sum + row.diffs.length, 0),
    cursor: await readCursor(of),
  };
}

/** How many reads of `stores` the page issues in each of its tasks, until `stop()`. */
function readsPerTask(stores: string[]) {
  const counts: number[] = [];
  let taskOpen = false;
  const get = IDBObjectStore.prototype.get;
  const spy = vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(function (
    this: IDBObjectStore,
    key: IDBValidKey | IDBKeyRange,
  ) {
    if (stores.includes(this.name)) {
      if (!taskOpen) {
        taskOpen = true;
        counts.push(0);
        setImmediate(() => (taskOpen = false));
      }
      counts[counts.length - 1]! += 1;
    }
    return get.call(this, key);
  });
  return { counts, stop: () => spy.mockRestore() };
}

beforeEach(async () => {
  db = createTestDatabase();
  await db.open();
});
afterEach(() => db.delete());

describe('catch-up in batches', () => {
  it('applies a run of one task as groups: an applied-here record per operation, a ledger row and an audit pair per group', async () => {
    await applyIncoming(deps(), entries(600));
    expect(await bookkeeping(db)).toEqual({
      entries: 600,
      applied: 600,
      // Groups of GROUP_ROWS.
      mutations: 600 / GROUP_ROWS,
      audit: (2 * 600) / GROUP_ROWS,
      rowsInLedger: 600,
      cursor: 600,
    });
    const [first] = await db.syncApplied.bulkGet(['op-1']);
    const ledger = await db.mutations.get(first!.localOperationId!);
    expect(ledger).toMatchObject({ source: 'sync', taskId: TASK, toolName: 'apply_synced_rows' });
    const audit = await db.auditMessages.where('operationId').equals(ledger!.operationId).toArray();
    expect(audit.map((row) => row.summary)).toContain(
      `Caught up on ${GROUP_ROWS} changes (${GROUP_ROWS} rows)`,
    );
  });

  it('takes as many rows per transaction as its pace allows, each transaction with its cursor', async () => {
    const transactions: number[] = [];
    const cursors: number[] = [];
    db.syncState.hook('creating', (key, row: { value: unknown }) => {
      if (key === 'cursor') cursors.push(Number(row.value));
    });
    db.syncState.hook('updating', (changes: { value?: unknown }, key) => {
      if (key === 'cursor') cursors.push(Number(changes.value));
    });
    const pace = { rows: () => 25, record: (rows: number) => void transactions.push(rows) };
    await applyIncoming(deps(), entries(100), { pace });
    expect(transactions).toEqual([25, 25, 25, 25]);
    expect(cursors).toEqual([25, 50, 75, 100]);
    expect(await bookkeeping(db)).toMatchObject({ entries: 100, applied: 100, mutations: 4 });
  });

  it('reads what it applied before and pushed in runs of a bounded size, one run per task of the page', async () => {
    await applyIncoming(deps(), entries(40));
    await db.syncState.put({ key: 'cursor', value: 0 });
    const perTask = readsPerTask(['syncApplied', 'syncPushes']);
    await applyIncoming(deps(), entries(100));
    perTask.stop();
    expect(Math.max(...perTask.counts)).toBe(2 * IDS_READ_PER_TASK);
    expect(perTask.counts.reduce((sum, each) => sum + each, 0)).toBe(200);
    expect(await bookkeeping(db)).toMatchObject({ entries: 100, applied: 100, cursor: 100 });
  });

  it('applied again, changes nothing: idempotent by operation id', async () => {
    const messages = entries(300);
    await applyIncoming(deps(), messages);
    const before = await bookkeeping(db);
    const rows = await db.entries.toArray();
    await db.syncState.put({ key: 'cursor', value: 0 });
    await applyIncoming(deps(), messages);
    expect({ ...(await bookkeeping(db)), cursor: 300 }).toEqual(before);
    expect(await db.entries.toArray()).toEqual(rows);
  });

  it('an operation applied in a group keeps its content: a later copy with other content under its id is quarantined in words', async () => {
    await applyIncoming(deps(), entries(5));
    expect(await db.mutations.count()).toBe(1);
    const forged = {
      ...entryRow({ taskId: TASK, id: 'entry-3', text: 'Pay the hostile device' }),
      ...stamp(at(3), 1, 'other'),
    };
    const sameCopy = { ...newEntry(3), seq: 6 };
    const otherCopy = message(7, 'op-3', [
      { table: 'entries', id: 'entry-3', before: null, after: forged },
    ]);
    await applyIncoming(deps(), [sameCopy, otherCopy]);
    const quarantined = await db.syncQuarantine.toArray();
    expect(quarantined.map((row) => [row.seq, row.reason])).toEqual([
      [7, expect.stringMatching(/different content was applied first/)],
    ]);
    expect(await db.entries.get('entry-3')).not.toMatchObject({ text: forged.text });
  });

  it('asks who may speak for a device once per device and signer in a batch, and still refuses the one signed by another', async () => {
    const asked: string[] = [];
    const attribution = (claimed: string, { signedBy }: { signedBy?: string }) => {
      asked.push(`${claimed} by ${signedBy}`);
      return Promise.resolve(
        signedBy === claimed ? undefined : `Not applied: ${signedBy} signed it.`,
      );
    };
    const batch = entries(100).map((each, index) => ({
      ...each,
      signedBy: index === 40 ? 'hostile' : 'other',
    }));
    await applyIncoming({ ...deps(), attribution }, batch);
    expect(asked).toEqual(['other by other', 'other by hostile']);
    expect((await db.syncQuarantine.toArray()).map((row) => row.seq)).toEqual([41]);
    expect(await db.entries.count()).toBe(99);
  });

  it('a batch cut short mid-way commits nothing of the unit that failed, and resumes from the cursor with nothing applied twice', async () => {
    const messages = entries(600);
    let failing = true;
    await db.delete();
    db = createTestDatabase();
    // The transaction dies half way through a group (as when the page closes).
    db.syncApplied.hook('creating', (_key, row, transaction) => {
      if (failing && row.operationId === 'op-250') transaction.abort();
    });
    const cut = await applyIncoming(deps(), messages).catch((error: unknown) => error);
    expect(cut).toBeInstanceOf(IncomingBatchError);
    expect((cut as IncomingBatchError).deterministic).toBe(false);
    const stopped = await readCursor(db);
    expect(stopped).toBe(249);
    expect(await db.entries.count()).toBe(249);
    expect((await db.syncApplied.toArray()).filter((row) => row.seq > 249)).toEqual([]);

    failing = false;
    await applyIncoming(deps(), messages.slice(stopped - 10));
    const after = await bookkeeping(db);
    expect(after).toMatchObject({ entries: 600, applied: 600, rowsInLedger: 600, cursor: 600 });
    // Each entry was written by exactly one operation of the ledger.
    const written = (await db.mutations.toArray()).flatMap((row) => row.diffs.map((d) => d.id));
    expect(new Set(written).size).toBe(600);
    expect(written).toHaveLength(600);
  });

  it('merges as one operation at a time would: each row capped at its own message, the same values lost', async () => {
    // This device's own title, written at START; another device renames the task in turn
    // (concurrent with it, its clocks know nothing of this device) and adds entries.
    const local = {
      ...taskRow({ id: TASK, title: 'Mine' }),
      ...stamp(at(0), 1, 'here'),
      fieldWrites: { title: { at: at(0), by: 'here' } },
    };
    let remote = { ...taskRow({ id: TASK, title: 'Theirs 0' }), ...stamp(at(1), 1, 'other') };
    const messages: SyncMessage[] = [
      message(1, 'op-1', [{ table: 'tasks', id: TASK, before: null, after: remote }]),
    ];
    for (let seq = 2; seq <= 40; seq++) {
      if (seq % 3 !== 0) {
        messages.push(newEntry(seq));
        continue;
      }
      const before = remote;
      remote = {
        ...remote,
        title: `Theirs ${seq}`,
        updatedAt: FAR_FUTURE,
        rev: remote.rev + 1,
        vectorClock: { other: remote.rev + 1 },
        fieldWrites: { title: { at: FAR_FUTURE, by: 'other' } },
      };
      messages.push(
        message(seq, `op-${seq}`, [{ table: 'tasks', id: TASK, before, after: remote }]),
      );
    }
    const one = createTestDatabase();
    try {
      for (const each of [db, one]) await each.tasks.put(local);
      await applyIncoming(deps(), messages);
      await applyIncoming({ ...deps(), db: one }, messages, { grouped: false });
      expect(await db.tasks.toArray()).toEqual(await one.tasks.toArray());
      expect(await db.entries.toArray()).toEqual(await one.entries.toArray());
      const losses = async (of: CountersignDatabase) =>
        (await of.auditMessages.where('kind').equals('observation').toArray())
          .map((row) => `${row.operationId}: ${row.summary}`)
          .sort();
      const lost = await losses(one);
      expect(lost.length).toBeGreaterThan(0);
      expect(await losses(db)).toEqual(lost);
      expect((await bookkeeping(db)).mutations).toBeLessThan((await bookkeeping(one)).mutations);
    } finally {
      await one.delete();
    }
  });
});

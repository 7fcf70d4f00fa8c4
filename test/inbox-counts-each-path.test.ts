/**
 * The inbox tallies and each set's counts equal a recount after every path that writes
 * change items: propose, confirm, reject, undo, Confirm All, an operation from another
 * device applied here, and a decision taken back because another device decided first.
 * Each path writes them through its step's scope (src/dispatcher/CONTEXT.md).
 */
import { proposalFingerprint } from '../src/domain/fingerprint';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmAll } from '../src/confirmation/confirm-all';
import { confirmItem } from '../src/confirmation/confirm-item';
import { rejectItem } from '../src/confirmation/reject-item';
import { undoDecision } from '../src/confirmation/undo-decision';
import type { CountersignDatabase } from '../src/db/database';
import { writeSyncConfig } from '../src/db/sync-connection';
import { countPendingItems } from '../src/db/tallies';
import { changeItemId, type ChangeItem } from '../src/domain/change-set';
import { encodeEnvelope, type RowDiff, type SyncOperation } from '../src/domain/sync-envelope';
import { applyIncoming } from '../src/sync/incoming/apply-incoming';
import { revertLostDecision } from '../src/sync/push/revert-lost-decision';
import { expectCountsEqualRecount } from './support/inbox-recount';
import { propose, type SetWithItems } from './support/proposals';
import { createAgentReadyTask, createTestDatabase } from './support/test-database';

let db: CountersignDatabase;
let taskId: string;
const NOW = '2026-11-27T10:00:00.000Z';

beforeEach(async () => {
  db = createTestDatabase();
  ({ taskId } = await createAgentReadyTask(db));
});
afterEach(async () => {
  await db.delete();
});

const otherEstimate = (minutes: number) => {
  const args = { minutes: minutes + 1 };
  return { args, fingerprint: proposalFingerprint('update_task_estimate', args) };
};

const estimates = (...minutes: number[]) =>
  minutes.map((value) => ({ name: 'update_task_estimate', args: { minutes: value } }));

function withoutInboxKeys(item: ChangeItem): Record<string, unknown> {
  const { pendingKey: _key, pendingExpiry: _expiry, ...rest } = item;
  return rest;
}

/** Another device's operation, as the incoming side receives it at `seq`. */
function remoteMessage(seq: number, operationId: string, diffs: RowDiff[]) {
  const operation: SyncOperation = {
    v: 1,
    operationId,
    kind: 'proposal',
    deviceId: 'other',
    vectorClock: { other: seq },
    time: NOW,
    diffs,
  };
  return {
    seq,
    subject: `cs.ann.ops.${operationId}`,
    kind: 'operation' as const,
    time: NOW,
    data: encodeEnvelope({ ...operation, part: { index: 0, count: 1 } }),
  };
}

/**
 * The rows of `mine` as another device's own set would carry them, under a set id of its
 * own, each estimate a minute longer: the same changes would be twins, which wait once
 * (test/proposal-twins.test.ts).
 */
function remoteCopy(mine: SetWithItems, setId: string): RowDiff[] {
  const { items, ...set } = mine;
  const clock = { vectorClock: { other: 1 } };
  return [
    { table: 'changeSets', id: setId, before: null, after: { ...set, id: setId, ...clock } },
    ...items.map((item) => {
      const id = changeItemId(setId, item.itemIndex);
      return {
        table: 'changeItems' as const,
        id,
        before: null,
        after: {
          ...withoutInboxKeys(item),
          id,
          changeSetId: setId,
          ...clock,
          ...otherEstimate(item.args.minutes as number),
        },
      };
    }),
  ];
}

describe('the inbox counts equal a recount after each path', () => {
  it('propose, confirm, reject, undo and Confirm All', async () => {
    const first = await propose(db, taskId, [
      ...estimates(10),
      { name: 'update_task_priority', args: { priority: 'P1' } },
      { name: 'add_multiple_checklist_items', args: { items: [{ title: 'Buy fuses' }] } },
    ]);
    await expectCountsEqualRecount(db);
    expect((await countPendingItems(db)).items).toBe(3);

    const confirmed = await confirmItem(db, first.id, 0, { applyAnyway: true });
    expect(confirmed.status).toBe('applied');
    await expectCountsEqualRecount(db);

    const rejected = await rejectItem(db, first.id, 1);
    expect(rejected.status).toBe('rejected');
    await expectCountsEqualRecount(db);

    expect((await undoDecision(db, rejected.decisionId!)).status).toBe('undone');
    await expectCountsEqualRecount(db);
    expect((await countPendingItems(db)).items).toBe(2);

    const all = await confirmAll(db, first.id);
    expect(all.applied).toHaveLength(2);
    await expectCountsEqualRecount(db);
    expect(await countPendingItems(db)).toEqual({ items: 0, sets: 0 });
  });

  it("another device's proposal and its decision, applied here", async () => {
    const mine = await propose(db, taskId, estimates(15, 25));
    const remote = remoteCopy(mine, 'remote-set');
    const deps = { db, deviceId: 'here', now: () => NOW, resolveClaim: async () => {} };
    await applyIncoming(deps, [remoteMessage(1, 'remote-proposal', remote)]);
    await expectCountsEqualRecount(db);
    expect((await countPendingItems(db)).items).toBe(4);

    const item = remote[1]!.after!;
    const decided = { ...item, status: 'rejected', vectorClock: { other: 2 }, rev: 2 };
    await applyIncoming(deps, [
      remoteMessage(2, 'remote-decision', [
        { table: 'changeItems', id: String(item.id), before: item, after: decided },
      ]),
    ]);
    await expectCountsEqualRecount(db);
    expect((await countPendingItems(db)).items).toBe(3);
  });

  it('a decision taken back because another device decided first', async () => {
    await writeSyncConfig(db, {
      url: 'wss://sync.example.org',
      user: 'alice',
      secret: { kind: 'password', password: 'pw' },
      enabled: true,
    });
    const set = await propose(db, taskId, estimates(45));
    expect((await confirmItem(db, set.id, 0, { applyAnyway: true })).status).toBe('applied');
    await expectCountsEqualRecount(db);
    const row = (await db.outbox.toArray()).find((each) => each.claim);
    expect(row).toBeDefined();
    await revertLostDecision(
      db,
      {
        operationId: row!.operationId,
        sequence: 1,
        state: 'pending',
        attempts: 0,
        updatedAt: 0,
        outboxId: row!.id,
        kind: 'decision',
        claim: { ...row!.claim!, round: 0 },
      },
      { decisionId: 'theirs', verdict: 'rejected', deviceId: 'other', operationId: 'their-op' },
      { deviceId: 'here', now: NOW },
    );
    expect((await db.changeItems.get(changeItemId(set.id, 0)))?.status).toBe('pending');
    await expectCountsEqualRecount(db);
    expect((await countPendingItems(db)).items).toBe(1);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { remoteTask, remoteTaskOperation } from '../../../test/support/remote-operation';
import type { CountersignDatabase } from '../../db/database';
import { encodeEnvelope, type SyncOperation } from '../../domain/sync-envelope';
import type { SyncMessage } from '../transport/sync-transport';
import { applyIncoming } from './apply-incoming';

/**
 * Decision 0013: a push behind an uncertain one is sent without waiting, so another device
 * may receive one device's operations out of order. What it ends with must not depend on
 * that order: each operation carries its rows whole, with vector clocks, and the merge rule
 * keeps the causally later row.
 */
const T1 = '2026-11-27T08:00:00.000Z';
const T2 = '2026-11-27T08:01:00.000Z';
const T3 = '2026-11-27T08:02:00.000Z';

const opened: CountersignDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

/** One device's three writes to one task: created, renamed, then estimated. */
function writes(): SyncOperation[] {
  const created = { ...remoteTask('task-1', 'Call the plumber'), createdAt: T1, updatedAt: T1 };
  const renamed = {
    ...created,
    title: 'Call the plumber today',
    rev: 2,
    updatedAt: T2,
    vectorClock: { other: 2 },
    fieldWrites: { title: { at: T2, by: 'other' } },
  };
  const estimated = {
    ...renamed,
    estimateMinutes: 15,
    rev: 3,
    updatedAt: T3,
    vectorClock: { other: 3 },
    fieldWrites: { ...renamed.fieldWrites, estimateMinutes: { at: T3, by: 'other' } },
  };
  const steps = [
    [null, created],
    [created, renamed],
    [renamed, estimated],
  ] as const;
  return steps.map(([before, after], index) => {
    const operation = remoteTaskOperation(`op-${index + 1}`, [after], after.updatedAt);
    return {
      ...operation,
      vectorClock: after.vectorClock,
      diffs: [{ ...operation.diffs[0]!, before }],
    };
  });
}

const asMessages = (operations: SyncOperation[]): SyncMessage[] =>
  operations.map((operation, index) => ({
    seq: index + 1,
    subject: `cs.ann.ops.${operation.operationId}`,
    kind: 'operation',
    time: T3,
    data: encodeEnvelope({ ...operation, part: { index: 0, count: 1 } }),
  }));

async function receive(operations: SyncOperation[], batches: 'one' | 'each') {
  const db = createTestDatabase();
  opened.push(db);
  const deps = { db, deviceId: 'here', now: () => T3, resolveClaim: async () => {} };
  const messages = asMessages(operations);
  if (batches === 'one') await applyIncoming(deps, messages);
  else for (const message of messages) await applyIncoming(deps, [message]);
  return db;
}

describe("one device's operations received out of order", () => {
  it('end in the same rows as received in order, in one batch or one at a time', async () => {
    const [create, rename, estimate] = writes();
    const orders = [
      [create!, rename!, estimate!],
      [estimate!, create!, rename!],
      [rename!, estimate!, create!],
      [estimate!, rename!, create!],
    ];
    const results = [];
    for (const order of orders) {
      for (const batches of ['one', 'each'] as const) {
        const db = await receive(order, batches);
        const { id, title, estimateMinutes, rev, vectorClock, updatedAt } =
          (await db.tasks.get('task-1'))!;
        results.push({ id, title, estimateMinutes, rev, vectorClock, updatedAt });
      }
    }
    expect(results[0]).toEqual({
      id: 'task-1',
      title: 'Call the plumber today',
      estimateMinutes: 15,
      rev: 3,
      vectorClock: { other: 3 },
      updatedAt: T3,
    });
    for (const each of results) expect(each).toEqual(results[0]);
  });
});

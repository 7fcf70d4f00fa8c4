/**
 * The inbox's maintained counts against a full recount, after random sequences of what
 * people and the agent do: propose, confirm, reject, undo, expire, delete a task and bring
 * it back. The counts are kept in the same transactions as the items (db/change-items.ts);
 * if any path forgot them, some sequence here would show it.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { confirmItem } from '../src/confirmation/confirm-item';
import { expireChangeSets } from '../src/confirmation/expire-change-sets';
import { rejectItem } from '../src/confirmation/reject-item';
import { undoDecision } from '../src/confirmation/undo-decision';
import type { CountersignDatabase } from '../src/db/database';
import { isLive } from '../src/domain/is-live';
import { expectCountsEqualRecount } from './support/inbox-recount';
import { propose } from './support/proposals';
import {
  createAgentReadyTask,
  createTask,
  createTestDatabase,
  userWrite,
} from './support/test-database';

type Action =
  | { kind: 'propose'; task: number; minutes: number[] }
  | { kind: 'confirm'; pick: number }
  | { kind: 'reject'; pick: number }
  | { kind: 'undo'; pick: number }
  | { kind: 'expire'; pick: number }
  | { kind: 'delete-task'; task: number }
  | { kind: 'restore-task'; task: number };

const pick = fc.nat({ max: 1_000 });
const task = fc.nat({ max: 2 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('propose' as const),
    task,
    minutes: fc.array(fc.integer({ min: 1, max: 1440 }), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('confirm' as const), pick }),
  fc.record({ kind: fc.constant('reject' as const), pick }),
  fc.record({ kind: fc.constant('undo' as const), pick }),
  fc.record({ kind: fc.constant('expire' as const), pick }),
  fc.record({ kind: fc.constant('delete-task' as const), task }),
  fc.record({ kind: fc.constant('restore-task' as const), task }),
);

async function apply(db: CountersignDatabase, taskIds: string[], step: Action) {
  const items = await db.changeItems.toArray();
  const pending = items.filter((item) => item.status === 'pending');
  const chosen = <T>(list: T[], index: number) => list[index % Math.max(list.length, 1)];
  switch (step.kind) {
    case 'propose': {
      const taskId = taskIds[step.task]!;
      if (!isLive(await db.tasks.get(taskId))) return;
      // Distinct values, as the agent would propose them (a repeat is skipped by design).
      const fresh = [...new Set(step.minutes)].filter(
        (minutes) =>
          !pending.some((item) => item.taskId === taskId && item.args.minutes === minutes),
      );
      if (fresh.length === 0) return;
      await propose(
        db,
        taskId,
        fresh.map((minutes) => ({ name: 'update_task_estimate', args: { minutes } })),
      ).catch(() => undefined);
      return;
    }
    case 'confirm':
    case 'reject': {
      const item = chosen(pending, step.pick);
      if (!item) return;
      const decide = step.kind === 'confirm' ? confirmItem : rejectItem;
      await decide(db, item.changeSetId, item.itemIndex, { applyAnyway: true } as never);
      return;
    }
    case 'undo': {
      const decisions = (await db.decisions.toArray()).filter((row) => !row.undoneAt);
      const decision = chosen(decisions, step.pick);
      if (decision) await undoDecision(db, decision.id);
      return;
    }
    case 'expire': {
      const item = chosen(pending, step.pick);
      if (item?.expiresAt) await expireChangeSets(db, new Date(Date.parse(item.expiresAt) + 1));
      return;
    }
    case 'delete-task': {
      const taskId = taskIds[step.task]!;
      if (isLive(await db.tasks.get(taskId))) await userWrite(db, 'delete_task', {}, { taskId });
      return;
    }
    case 'restore-task': {
      const taskId = taskIds[step.task]!;
      const row = await db.tasks.get(taskId);
      if (!row || row.deletedAt === undefined) return;
      const { deletedAt: _deleted, ...alive } = row;
      await userWrite(
        db,
        'restore_entities',
        { restorations: [{ table: 'tasks', id: taskId, before: alive }] },
        { taskId },
      );
      return;
    }
  }
}

describe('the inbox tallies', () => {
  it('always equal a full recount, after any sequence of decisions (500 seeded sequences)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), async (steps) => {
        const db = createTestDatabase();
        try {
          const { taskId, categoryId } = await createAgentReadyTask(db);
          const taskIds = [
            taskId,
            await createTask(db, 'Second', { categoryId }),
            await createTask(db, 'Third', { categoryId }),
          ];
          for (const step of steps) {
            await apply(db, taskIds, step);
            await expectCountsEqualRecount(db);
          }
        } finally {
          await db.delete();
        }
      }),
      { numRuns: 500, seed: 20261123, endOnFailure: true },
    );
  }, 240_000);
});

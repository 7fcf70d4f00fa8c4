/**
 * Twins under random histories (decision 0016): two devices propose, decide and undo the
 * same few changes on two tasks while apart, and sync in random directions at random
 * moments. After every step each device's counts equal a recount, and no change waits
 * twice; once everything is exchanged both devices show the same rows. fake-indexeddb,
 * synced by hand (hand-sync.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { confirmItem } from '../src/confirmation/confirm-item';
import { rejectItem } from '../src/confirmation/reject-item';
import { undoDecision } from '../src/confirmation/undo-decision';
import { readInboxWindow } from '../src/db/queries/review-proposals';
import { countPendingItems } from '../src/db/tallies';
import { deliver, handSyncedDevice, type HandSyncedDevice } from './support/hand-sync';
import { expectCountsEqualRecount } from './support/inbox-recount';
import { propose } from './support/proposals';
import { createAgentReadyTask, createTask } from './support/test-database';

type Action =
  | { kind: 'propose'; device: number; task: number; priority: 'P1' | 'P2'; minutesAgo: number }
  | { kind: 'decide'; device: number; pick: number; confirm: boolean }
  | { kind: 'undo'; device: number; pick: number }
  | { kind: 'sync'; from: number };

const device = fc.nat({ max: 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('propose' as const),
    device,
    task: fc.nat({ max: 1 }),
    priority: fc.constantFrom('P1' as const, 'P2' as const),
    minutesAgo: fc.integer({ min: 1, max: 120 }),
  }),
  fc.record({
    kind: fc.constant('decide' as const),
    device,
    pick: fc.nat(),
    confirm: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('undo' as const), device, pick: fc.nat() }),
  fc.record({ kind: fc.constant('sync' as const), from: device }),
);

async function apply(devices: HandSyncedDevice[], taskIds: string[], step: Action) {
  if (step.kind === 'sync') {
    await deliver(devices[step.from]!, devices[1 - step.from]!);
    return;
  }
  const { db } = devices[step.device]!;
  if (step.kind === 'propose') {
    const taskId = taskIds[step.task]!;
    // What a wake would skip: the change already waits here, or this device decided it.
    const known = await db.changeItems.where('taskId').equals(taskId).toArray();
    if (known.some((item) => item.args.priority === step.priority)) return;
    const at = () => new Date(Date.now() - step.minutesAgo * 60_000);
    const call = { name: 'update_task_priority', args: { priority: step.priority } };
    // Skipped when the priority already is that (the builder says so): nothing proposed.
    await propose(db, taskId, [call], { now: at }).catch(() => undefined);
    return;
  }
  if (step.kind === 'decide') {
    const rows = await readInboxWindow(db, 0, 50);
    const row = rows[step.pick % Math.max(rows.length, 1)];
    if (!row) return;
    const { changeSetId, itemIndex } = row.entry;
    if (step.confirm) await confirmItem(db, changeSetId, itemIndex, { applyAnyway: true });
    else await rejectItem(db, changeSetId, itemIndex);
    return;
  }
  const mine = (await db.decisions.toArray()).filter(
    (decision) => decision.deviceId === devices[step.device]!.deviceId && !decision.undoneAt,
  );
  const decision = mine[step.pick % Math.max(mine.length, 1)];
  if (decision) await undoDecision(db, decision.id);
}

/** Each change (task and fingerprint) waits at most once, and the badge counts the rows. */
async function expectEachChangeOnce(devices: HandSyncedDevice[]) {
  for (const { db } of devices) {
    await expectCountsEqualRecount(db);
    const rows = await readInboxWindow(db, 0, 50);
    const changes = rows.map((row) => `${row.entry.taskId} ${row.entry.item.fingerprint}`);
    expect(new Set(changes).size).toBe(changes.length);
    expect((await countPendingItems(db)).items).toBe(rows.length);
  }
}

describe('twins across two devices', () => {
  it('wait once after every step, and both devices end showing the same rows (100 seeded histories)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 10 }), async (steps) => {
        const devices = [await handSyncedDevice(), await handSyncedDevice()];
        try {
          const [laptop, agent] = devices as [HandSyncedDevice, HandSyncedDevice];
          const { taskId, categoryId } = await createAgentReadyTask(laptop.db);
          const taskIds = [taskId, await createTask(laptop.db, 'Second', { categoryId })];
          await deliver(laptop, agent);
          for (const step of steps) {
            await apply(devices, taskIds, step);
            await expectEachChangeOnce(devices);
          }
          // Everything exchanged, both ways, until nothing is left to send.
          while ((await deliver(laptop, agent)) + (await deliver(agent, laptop)) > 0);
          await expectEachChangeOnce(devices);
          const [left, right] = await Promise.all(
            devices.map(async ({ db }) =>
              (await readInboxWindow(db, 0, 50)).map((row) => row.entry.key),
            ),
          );
          expect(left).toEqual(right);
        } finally {
          for (const { db } of devices) await db.delete();
        }
      }),
      { numRuns: 100, seed: 20261127, endOnFailure: true },
    );
  }, 300_000);
});

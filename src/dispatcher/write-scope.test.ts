/**
 * Inside a step's transaction, change items are written through the step's scope only:
 * another writer would read rows the scope holds unwritten and write counts and tallies
 * over the scope's (src/dispatcher/CONTEXT.md).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectCountsEqualRecount } from '../../test/support/inbox-recount';
import { propose } from '../../test/support/proposals';
import { createAgentReadyTask, createTestDatabase } from '../../test/support/test-database';
import { ChangeItemWriter, writeChangeItems } from '../db/change-items';
import type { CountersignDatabase } from '../db/database';
import type { ChangeItem } from '../domain/change-set';
import { runOperation } from './run-operations';

let db: CountersignDatabase;
let item: ChangeItem;
const stamp = { deviceId: 'here', now: '2026-11-27T10:00:00.000Z' };

beforeEach(async () => {
  db = createTestDatabase();
  const { taskId } = await createAgentReadyTask(db);
  const set = await propose(db, taskId, [{ name: 'update_task_estimate', args: { minutes: 30 } }]);
  item = set.items[0]!;
});
afterEach(async () => {
  await db.delete();
});

const rejected = () => ({ before: item, after: { ...item, status: 'rejected' as const } });

describe("a step's change items", () => {
  it('fails the step, and writes nothing, when one is written outside its scope', async () => {
    const ledgerRows = await db.mutations.count();
    const outcome = await runOperation(db, {
      operationKey: 'stray-writer',
      followUp: async () => ({
        value: undefined,
        diffs: await writeChangeItems(db, [rejected()], stamp),
      }),
    });
    expect(outcome.kind).toBe('failed');
    expect((await db.changeItems.get(item.id))?.status).toBe('pending');
    expect(await db.mutations.count()).toBe(ledgerRows);
    await expectCountsEqualRecount(db);
  });

  it('refuses a second writer opened inside the transaction, even a nested one', async () => {
    const refusals: string[] = [];
    const refused = (open: () => unknown) => {
      try {
        open();
      } catch (error) {
        refusals.push((error as Error).message);
      }
    };
    await runOperation(db, {
      operationKey: 'second-writer',
      followUp: async () => {
        refused(() => new ChangeItemWriter(db));
        await db.transaction('rw', db.changeItems, () => refused(() => new ChangeItemWriter(db)));
        return { value: undefined };
      },
    });
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toMatch(/A second change item writer inside a step's transaction/);
  });

  it("writes through the scope, with the step's other rows", async () => {
    const outcome = await runOperation(db, {
      operationKey: 'scope-writer',
      followUp: async (_applied, scope) => ({
        value: undefined,
        diffs: await scope.changeItems.write([rejected()], stamp),
      }),
    });
    expect(outcome.kind).toBe('done');
    expect((await db.changeItems.get(item.id))?.status).toBe('rejected');
    await expectCountsEqualRecount(db);
  });

  it('leaves a transaction that is not a step to any writer (seeding, imports)', async () => {
    await db.transaction('rw', [db.changeItems, db.changeSets, db.tallies, db.tasks], async () => {
      await writeChangeItems(db, [rejected()], stamp);
    });
    expect((await db.changeItems.get(item.id))?.status).toBe('rejected');
    await expectCountsEqualRecount(db);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountersignDatabase } from '../db/database';
import {
  allowAgentCategories,
  createAgentReadyTask,
  createTask,
  createTestDatabase,
  journalSnapshot,
  userWrite,
} from '../../test/support/test-database';
import { dispatch } from './dispatch';

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

/**
 * Reopens `db` with a DBCore middleware that makes the `n`-th checklist row written from
 * now on fail, after passing the rows before it in the same request down to IndexedDB.
 */
async function failNthChecklistRowWrite(database: CountersignDatabase, n: number) {
  let rowsSeen = 0;
  database.close();
  database.use({
    stack: 'dbcore',
    name: 'fail-nth-checklist-row',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        if (name !== 'checklistItems') return table;
        return {
          ...table,
          mutate: async (request) => {
            if (request.type !== 'put' && request.type !== 'add') return table.mutate(request);
            const failingIndex = n - 1 - rowsSeen;
            rowsSeen += request.values.length;
            if (failingIndex < 0 || failingIndex >= request.values.length)
              return table.mutate(request);
            if (failingIndex > 0)
              await table.mutate({ ...request, values: request.values.slice(0, failingIndex) });
            throw new Error('write failed');
          },
        };
      },
    }),
  });
  await database.open();
}

const auditOf = (operationId: string) =>
  db.auditMessages.where('operationId').equals(operationId).sortBy('createdAt');

describe('category policy for the agent (fail closed)', () => {
  it('denies a task without a category, writes policyDenied, and never runs the handler', async () => {
    const taskId = await createTask(db);
    const before = await journalSnapshot(db);
    const result = await dispatch(
      db,
      'set_task_language',
      { languageCode: 'de' },
      { source: 'agent', taskId },
    );
    expect(result).toMatchObject({ success: false, policyDenied: true, nonRetryable: true });
    expect(result.output).toMatch(/no category/);
    expect(await journalSnapshot(db)).toEqual(before);
    const audit = await auditOf(result.operationId);
    expect(audit.map((message) => message.kind)).toEqual(['action', 'policyDenied']);
  });

  it('denies a category that is not in the allowlist, naming it', async () => {
    const { taskId } = await createAgentReadyTask(db);
    await allowAgentCategories(db, []);
    const result = await dispatch(
      db,
      'set_task_language',
      { languageCode: 'de' },
      { source: 'agent', taskId },
    );
    expect(result.policyDenied).toBe(true);
    expect(result.output).toMatch(/category "Work".*Settings/);
  });

  it('denies when no agent is configured at all', async () => {
    const { taskId } = await createAgentReadyTask(db);
    await db.agents.clear();
    const result = await dispatch(
      db,
      'set_task_language',
      { languageCode: 'de' },
      { source: 'agent', taskId },
    );
    expect(result.policyDenied).toBe(true);
  });

  it('applies confirmed proposals under the same policy', async () => {
    const { taskId } = await createAgentReadyTask(db);
    await allowAgentCategories(db, []);
    const result = await dispatch(
      db,
      'set_task_title',
      { title: 'x' },
      { source: 'confirmation', taskId },
    );
    expect(result.policyDenied).toBe(true);
  });

  it('lets the user edit any task without a policy check', async () => {
    const taskId = await createTask(db);
    const result = await dispatch(
      db,
      'set_task_language',
      { languageCode: 'de' },
      { source: 'user', taskId },
    );
    expect(result.success).toBe(true);
  });

  it('refuses to apply a deferred tool directly from the agent', async () => {
    const { taskId } = await createAgentReadyTask(db);
    const result = await dispatch(
      db,
      'set_task_title',
      { title: 'Sneaky' },
      { source: 'agent', taskId },
    );
    expect(result.success).toBe(false);
    expect(result.output).toMatch(/needs the user's confirmation/);
    expect((await db.tasks.get(taskId))?.title).toBe('Prepare the demo');
  });

  it('resolves an alias before routing, so an alias cannot skip deferral', async () => {
    const { taskId } = await createAgentReadyTask(db);
    const result = await dispatch(
      db,
      'update_task_title',
      { title: 'Sneaky' },
      { source: 'agent', taskId },
    );
    expect(result.output).toMatch(/set_task_title needs the user's confirmation/);
  });
});

describe('audit trail', () => {
  it('writes an action before and a result after each dispatch', async () => {
    const { taskId } = await createAgentReadyTask(db);
    const result = await dispatch(
      db,
      'set_task_language',
      { languageCode: 'de' },
      { source: 'agent', taskId, operationKey: 'wake-1' },
    );
    expect(result.success).toBe(true);
    const audit = await auditOf(result.operationId);
    expect(audit).toMatchObject([
      {
        kind: 'action',
        toolName: 'set_task_language',
        source: 'agent',
        runKey: 'wake-1',
        taskId,
        summary: 'Set language to "de"',
      },
      { kind: 'toolResult', outcome: 'success', summary: 'Language set to "de".' },
    ]);
  });

  it('keeps the outcome when the audit write fails', async () => {
    const { taskId } = await createAgentReadyTask(db);
    vi.spyOn(db.auditMessages, 'bulkAdd').mockRejectedValue(new Error('disk full'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const result = await dispatch(
      db,
      'set_task_language',
      { languageCode: 'fr' },
      { source: 'agent', taskId },
    );
    expect(result.success).toBe(true);
    expect((await db.tasks.get(taskId))?.languageCode).toBe('fr');
  });
});

describe('operation ids', () => {
  it('are the same for the same call and differ when anything differs', async () => {
    const { taskId } = await createAgentReadyTask(db);
    const call = (args: unknown, runKey = 'wake-1') =>
      dispatch(db, 'set_task_language', args, { source: 'agent', taskId, operationKey: runKey });
    const first = await call({ languageCode: 'de' });
    await userWrite(db, 'clear_task_field', { field: 'languageCode' }, { taskId });
    const repeat = await call({ languageCode: 'de' });
    const otherRun = await call({ languageCode: 'de' }, 'wake-2');
    const otherArgs = await call({ languageCode: 'fr' });
    expect(repeat.operationId).toBe(first.operationId);
    expect(otherRun.operationId).not.toBe(first.operationId);
    expect(otherArgs.operationId).not.toBe(first.operationId);
  });

  it('do not depend on the order of keys in the arguments', async () => {
    const { taskId, itemIds } = await createAgentReadyTask(db);
    const context = { source: 'confirmation' as const, taskId, operationKey: 'confirm-1' };
    const first = await dispatch(
      db,
      'update_checklist_item',
      { id: itemIds[0], isChecked: true },
      context,
    );
    const second = await dispatch(
      db,
      'update_checklist_item',
      { isChecked: true, id: itemIds[0] },
      context,
    );
    expect(second.operationId).toBe(first.operationId);
  });

  it('recognise an operation already applied and do not apply it twice', async () => {
    const { taskId } = await createAgentReadyTask(db);
    const context = { source: 'confirmation' as const, taskId, operationKey: 'confirm-7' };
    const first = await dispatch(db, 'add_checklist_item', { title: 'Only once' }, context);
    const retry = await dispatch(db, 'add_checklist_item', { title: 'Only once' }, context);
    expect(first.success && retry.success).toBe(true);
    expect(retry.alreadyApplied).toBe(true);
    const titles = (await db.checklistItems.where('taskId').equals(taskId).toArray()).map(
      (item) => item.title,
    );
    expect(titles.filter((title) => title === 'Only once')).toHaveLength(1);
  });
});

describe('vector clocks and mutated entries', () => {
  it('bump the mutated entities and report them, a checklist item naming its task', async () => {
    const { taskId, itemIds } = await createAgentReadyTask(db);
    const before = (await db.checklistItems.get(itemIds[0]!))!;
    const result = await dispatch(
      db,
      'update_checklist_item',
      { id: itemIds[0], isChecked: true },
      { source: 'confirmation', taskId, operationKey: 'c' },
    );
    const after = (await db.checklistItems.get(itemIds[0]!))!;
    expect(Object.values(after.vectorClock)[0]).toBe(Object.values(before.vectorClock)[0]! + 1);
    expect(result.mutatedEntries).toEqual([
      { table: 'checklistItems', id: itemIds[0], taskId, vectorClock: after.vectorClock },
    ]);
  });

  it('returns no mutated entries for a no-op', async () => {
    const { taskId } = await createAgentReadyTask(db);
    const result = await dispatch(
      db,
      'update_task_priority',
      { priority: 'P2' },
      { source: 'confirmation', taskId, operationKey: 'c' },
    );
    expect(result).toMatchObject({ success: true, noop: true, mutatedEntries: [] });
  });
});

describe('atomicity', () => {
  it('rolls back the handler’s writes, ledger and outbox when a write fails mid-way', async () => {
    const { taskId, itemIds } = await createAgentReadyTask(db);
    const before = await journalSnapshot(db);
    const ledgerBefore = await db.mutations.count();
    const outboxBefore = await db.outbox.count();
    // The second checklist row fails at the IndexedDB layer, however the write path
    // batches its puts (one per row or one bulkPut): the first row is written first.
    await failNthChecklistRowWrite(db, 2);
    const result = await dispatch(
      db,
      'update_checklist_items',
      { items: itemIds.map((id) => ({ id, isChecked: true })) },
      { source: 'confirmation', taskId, operationKey: 'c' },
    );
    expect(result.success).toBe(false);
    expect(await journalSnapshot(db)).toEqual(before);
    expect(await db.mutations.count()).toBe(ledgerBefore);
    expect(await db.outbox.count()).toBe(outboxBefore);
  });

  it('writes the ledger row with the pre-image needed to undo', async () => {
    const { taskId } = await createAgentReadyTask(db);
    const result = await dispatch(
      db,
      'update_task_estimate',
      { minutes: 45 },
      { source: 'confirmation', taskId, operationKey: 'c' },
    );
    const row = await db.mutations.get(result.operationId);
    expect(row).toMatchObject({ source: 'confirmation', taskId });
    expect(row!.diffs[0]!.before).not.toHaveProperty('estimateMinutes');
    expect(row!.diffs[0]!.after).toMatchObject({ estimateMinutes: 45 });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountersignDatabase } from '../db/database';
import { createTask, createTestDatabase, userWrite } from '../../test/support/test-database';
import { keepOutbox } from '../db/sync-settings';
import { dispatch } from './dispatch';

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

describe('dispatch as the user', () => {
  it('creates a task with defaults and stamps it', async () => {
    const taskId = await createTask(db, '  Plan the offsite  ');
    const task = await db.tasks.get(taskId);
    expect(task).toMatchObject({
      title: 'Plan the offsite',
      status: 'OPEN',
      priority: 'P2',
      rev: 1,
      labelIds: [],
    });
    expect(Object.values(task!.vectorClock)).toEqual([1]);
  });

  it('bumps rev, updatedAt and the vector clock on an edit', async () => {
    const taskId = await createTask(db);
    const before = (await db.tasks.get(taskId))!;
    await userWrite(
      db,
      'update_task_estimate',
      { minutes: 90 },
      { taskId, now: '2030-01-01T00:00:00.000Z' },
    );
    const after = (await db.tasks.get(taskId))!;
    expect(after.estimateMinutes).toBe(90);
    expect(after.rev).toBe(before.rev + 1);
    expect(after.updatedAt).toBe('2030-01-01T00:00:00.000Z');
    expect(Object.values(after.vectorClock)).toEqual([2]);
  });

  it('refuses an estimate outside 1..1440 and leaves the task unchanged', async () => {
    const taskId = await createTask(db);
    const before = await db.tasks.get(taskId);
    const result = await dispatch(
      db,
      'update_task_estimate',
      { minutes: 1441 },
      { source: 'user', taskId },
    );
    expect(result.success).toBe(false);
    expect(result.output).toMatch(/at most 1440/);
    expect(await db.tasks.get(taskId)).toEqual(before);
  });

  it('treats a value equal to the current one as a no-op that writes nothing', async () => {
    const taskId = await createTask(db);
    await userWrite(db, 'update_task_priority', { priority: 'p1' }, { taskId });
    const before = await db.tasks.get(taskId);
    const result = await userWrite(db, 'update_task_priority', { priority: 'P1' }, { taskId });
    expect(result.noop).toBe(true);
    expect(result.output).toMatch(/already P1/);
    expect(await db.tasks.get(taskId)).toEqual(before);
  });

  it('records the source and a before/after diff in the ledger', async () => {
    const taskId = await createTask(db);
    const result = await userWrite(db, 'set_task_title', { title: 'Renamed' }, { taskId });
    const row = await db.mutations.get(result.operationId);
    expect(row).toMatchObject({ source: 'user', toolName: 'set_task_title' });
    expect(row!.diffs[0]).toMatchObject({
      table: 'tasks',
      before: { title: 'Write the quarterly report' },
      after: { title: 'Renamed' },
    });
  });

  it('keeps the whole checklist batch or nothing', async () => {
    const taskId = await createTask(db);
    const result = await dispatch(
      db,
      'add_multiple_checklist_items',
      { items: [{ title: 'ok' }, { title: 'x'.repeat(401) }] },
      { source: 'user', taskId },
    );
    expect(result.success).toBe(false);
    expect(await db.checklistItems.count()).toBe(0);
  });
});

describe('the audit trail and the ledger', () => {
  const auditOf = (operationId: string) =>
    db.auditMessages.where('operationId').equals(operationId).sortBy('createdAt');

  it('files the creation of a task under the task it created', async () => {
    const result = await userWrite(db, 'create_task', { title: 'Water the plants' });
    const taskId = result.data!.taskId as string;
    const audit = await auditOf(result.operationId);
    expect(audit.map((message) => [message.kind, message.taskId])).toEqual([
      ['action', taskId],
      ['toolResult', taskId],
    ]);
    expect(audit[0]!.summary).toBe('Create task "Water the plants"');
    expect(await db.mutations.get(result.operationId)).toMatchObject({ taskId });
  });

  it('summarises a failed call by what it asked for once its arguments parsed', async () => {
    const result = await dispatch(
      db,
      'update_task_estimate',
      { minutes: 30 },
      { source: 'user', taskId: 'no-such-task' },
    );
    expect(result.success).toBe(false);
    const audit = await auditOf(result.operationId);
    expect(audit.map((message) => [message.kind, message.summary])).toEqual([
      ['action', 'Set estimate to 30 minutes'],
      ['toolResult', result.output],
    ]);
  });

  it('summarises a call whose arguments did not parse by the tool it named', async () => {
    const taskId = await createTask(db);
    const result = await dispatch(
      db,
      'update_task_estimate',
      { minutes: 'soon' },
      { source: 'user', taskId },
    );
    expect(result.success).toBe(false);
    const [action] = await auditOf(result.operationId);
    expect(action).toMatchObject({ kind: 'action', summary: 'Call update_task_estimate' });
  });

  it('writes one outbox row per applied operation, with the ledger row’s diffs', async () => {
    await keepOutbox(db);
    const taskId = await createTask(db);
    const result = await userWrite(db, 'update_task_priority', { priority: 'P0' }, { taskId });
    const outbox = await db.outbox.where('createdAt').above('').toArray();
    const row = outbox.find((candidate) => candidate.operationId === result.operationId);
    const ledger = await db.mutations.get(result.operationId);
    expect(row?.diffs).toEqual(ledger?.diffs);
    expect(row?.diffs).toHaveLength(1);
  });

  it('looks the operation up in the ledger only when the caller supplied the operation key', async () => {
    const taskId = await createTask(db);
    // Read when the transaction opens, with every other row its steps need.
    const lookups = vi.spyOn(db.mutations, 'bulkGet');
    const single = vi.spyOn(db.mutations, 'get');
    await userWrite(db, 'update_task_priority', { priority: 'P0' }, { taskId });
    expect(lookups).not.toHaveBeenCalled();
    await userWrite(
      db,
      'update_task_priority',
      { priority: 'P1' },
      { taskId, operationKey: 'replay-1' },
    );
    expect(lookups).toHaveBeenCalledTimes(1);
    expect(lookups.mock.calls[0]![0]).toHaveLength(1);
    expect(single).not.toHaveBeenCalled();
  });
});

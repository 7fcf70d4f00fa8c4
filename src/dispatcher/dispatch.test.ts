import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../db/database';
import { createTask, createTestDatabase, userWrite } from '../../test/support/test-database';
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
    expect(row).toMatchObject({ source: 'user', status: 'applied', toolName: 'set_task_title' });
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

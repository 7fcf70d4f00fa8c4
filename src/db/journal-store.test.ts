import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZodError } from 'zod';
import { createTestDatabase } from '../../test/support/test-database';
import type { Task } from '../domain/task';
import type { CountersignDatabase } from './database';
import { createJournalStore, type JournalStore } from './journal-store';

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

const NOW = '2026-03-01T10:00:00.000Z';

const journalTables = () => [db.tasks, db.checklistItems, db.entries, db.categories, db.labels];

/** Runs `work` on a store inside one transaction and flushes, as dispatch() does. */
function inTransaction<T>(work: (store: JournalStore) => Promise<T>) {
  return db.transaction('rw', journalTables(), async () => {
    const store = createJournalStore(db, { deviceId: 'device-a', now: NOW, recordDiffs: true });
    const result = await work(store);
    await store.flush();
    return { result, diffs: store.diffs };
  });
}

const newTask = (
  title: string,
): Omit<Task, 'id' | 'createdAt' | 'updatedAt' | 'rev' | 'vectorClock'> => ({
  title,
  status: 'OPEN',
  statusHistory: [{ status: 'OPEN', at: NOW, by: 'user' }],
  priority: 'P2',
  labelIds: [],
  suppressedLabelIds: [],
});

describe('createJournalStore', () => {
  it('lets a handler read what it wrote earlier in the same transaction', async () => {
    const { result } = await inTransaction(async (store) => {
      const task = await store.create('tasks', newTask('Pack'));
      await store.create('checklistItems', {
        taskId: task.id,
        title: 'Socks',
        isChecked: false,
        isArchived: false,
        order: 2,
      });
      await store.create('checklistItems', {
        taskId: task.id,
        title: 'Passport',
        isChecked: false,
        isArchived: false,
        order: 1,
      });
      const renamed = await store.update('tasks', task.id, { title: 'Pack the bag' });
      return {
        task: await store.task(task.id),
        renamed,
        titles: (await store.checklistItems(task.id)).map((item) => item.title),
      };
    });
    expect(result.task).toEqual(result.renamed);
    expect(result.task).toMatchObject({ title: 'Pack the bag', rev: 2 });
    expect(result.titles).toEqual(['Passport', 'Socks']);
    expect(await db.tasks.get(result.task!.id)).toEqual(result.renamed);
    expect(await db.checklistItems.count()).toBe(2);
  });

  it('reads a row once: an update after a read reuses the row it read', async () => {
    const { result: created } = await inTransaction((store) => store.create('tasks', newTask('A')));
    const gets = vi.spyOn(db.tasks, 'get');
    const { diffs } = await inTransaction(async (store) => {
      const task = await store.task(created.id);
      await store.update('tasks', task!.id, { priority: 'P1' });
    });
    expect(gets).toHaveBeenCalledTimes(1);
    expect(diffs).toEqual([
      {
        table: 'tasks',
        id: created.id,
        before: created,
        after: expect.objectContaining({ priority: 'P1', rev: 2 }),
      },
    ]);
  });

  it('sends the queued writes of a table as one bulkPut', async () => {
    const bulkPut = vi.spyOn(db.checklistItems, 'bulkPut');
    const put = vi.spyOn(db.checklistItems, 'put');
    await inTransaction(async (store) => {
      for (const title of ['One', 'Two', 'Three']) {
        await store.create('checklistItems', {
          taskId: 'task-1',
          title,
          isChecked: false,
          isArchived: false,
          order: 1,
        });
      }
    });
    expect(put).not.toHaveBeenCalled();
    expect(bulkPut).toHaveBeenCalledTimes(1);
    expect(bulkPut.mock.calls[0]![0]).toHaveLength(3);
  });

  it('validates every row it writes and writes nothing when one is invalid', async () => {
    const attempt = inTransaction(async (store) => {
      await store.create('tasks', newTask('Fine'));
      await store.create('tasks', { ...newTask('Bad'), priority: 'P9' as Task['priority'] });
    });
    await expect(attempt).rejects.toBeInstanceOf(ZodError);
    expect(await db.tasks.count()).toBe(0);
  });

  it('rejects flush when IndexedDB refuses a write, so the transaction aborts', async () => {
    vi.spyOn(db.tasks, 'bulkPut').mockRejectedValue(new Error('disk full'));
    await expect(inTransaction((store) => store.create('tasks', newTask('A')))).rejects.toThrow(
      'disk full',
    );
  });
});

/**
 * The task list's read queries (src/db/queries/tasks.ts), tested here beside their one
 * caller. Rows are written directly: these tests are about reading, not dispatch.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stamp, taskRow } from '../../../test/support/factories';
import { createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import { loadNewestTasks, loadTaskListData, taskListData } from '../../db/queries/tasks';
import type { Task } from '../../domain/task';
import { DEFAULT_FILTERS, applyTaskFilters } from './task-filters';

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

const BASE = Date.parse('2026-01-01T00:00:00.000Z');

function task(id: string, secondsAgo: number, extra: Partial<Task> = {}): Task {
  return taskRow({ id, title: id, ...stamp(BASE - secondsAgo * 1000), ...extra });
}

const ids = (tasks: readonly Task[]) => tasks.map((row) => row.id);
const firstPage = (tasks: readonly Task[], size: number) =>
  ids(applyTaskFilters(tasks, DEFAULT_FILTERS).slice(0, size));

describe('loadNewestTasks', () => {
  it('gives the default list’s first page, skipping deleted tasks and keeping every tie', async () => {
    await db.tasks.bulkAdd([
      task('newest', 0),
      task('deleted', 1, { deletedAt: new Date(BASE).toISOString() }),
      task('b-tied', 2),
      task('a-tied', 2),
      task('c-tied', 2),
      task('older', 3),
    ]);
    const newest = await loadNewestTasks(db, 3);
    expect(ids(newest!.tasks).sort()).toEqual(['a-tied', 'b-tied', 'c-tied', 'newest']);
    const whole = await loadTaskListData(db);
    expect(firstPage(newest!.tasks, 3)).toEqual(firstPage(whole.tasks, 3));
    expect(firstPage(newest!.tasks, 3)).toEqual(['newest', 'a-tied', 'b-tied']);
  });

  it('declines when more tasks than a page share the last time, as after an import', async () => {
    await db.tasks.bulkAdd([task('a', 0), task('b', 0), task('c', 0), task('d', 1)]);
    expect(await loadNewestTasks(db, 2)).toBeUndefined();
  });

  it('gives every task of a journal smaller than a page', async () => {
    await db.tasks.bulkAdd([task('a', 0), task('b', 5)]);
    expect(ids((await loadNewestTasks(db, 200))!.tasks)).toEqual(['a', 'b']);
  });
});

describe('taskListData', () => {
  it('shows the newest tasks first, then the whole journal, and follows later writes', async () => {
    await db.tasks.bulkAdd([task('a', 0), task('b', 1), task('c', 2)]);
    const snapshots: { complete: boolean; ids: string[] }[] = [];
    const unsubscribe = taskListData(db, 2).subscribe((snapshot) =>
      snapshots.push({ complete: snapshot.complete, ids: ids(snapshot.tasks).sort() }),
    );
    await expect.poll(() => snapshots.at(-1)?.complete).toBe(true);
    await db.tasks.put(task('d', 3));
    await expect.poll(() => snapshots.at(-1)?.ids).toEqual(['a', 'b', 'c', 'd']);
    unsubscribe();
    expect(snapshots.slice(0, 2)).toEqual([
      { complete: false, ids: ['a', 'b'] },
      { complete: true, ids: ['a', 'b', 'c'] },
    ]);
  });

  it('does not hand a page that mounts after a write the list from before it', async () => {
    await db.tasks.bulkAdd([task('a', 0)]);
    const source = taskListData(db, 2);
    const first: string[][] = [];
    const unsubscribe = source.subscribe((snapshot) => first.push(ids(snapshot.tasks)));
    await expect.poll(() => source.getValue()?.complete).toBe(true);
    await db.tasks.put(task('b', 1));
    // Written, not yet read again: a new subscriber waits rather than see only "a".
    expect(source.hasValue()).toBe(false);
    const later: string[][] = [];
    const unsubscribeLater = source.subscribe((snapshot) => later.push(ids(snapshot.tasks)));
    await expect.poll(() => later).toEqual([['a', 'b']]);
    unsubscribeLater();
    unsubscribe();
  });
});

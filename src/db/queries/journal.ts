/**
 * Read queries for a task's journal entries, for `useLiveQuery` in the UI. They return
 * live rows only: soft-deleted rows stay in the database for sync and export.
 */
import Dexie from 'dexie';
import type { JournalEntry } from '../../domain/journal-entry';
import type { CountersignDatabase } from '../database';

/** Whether the task exists and is not deleted. */
export async function taskExists(db: CountersignDatabase, taskId: string): Promise<boolean> {
  const task = await db.tasks.get(taskId);
  return task !== undefined && task.deletedAt === undefined;
}

export interface NewestEntries {
  /** Live entries, newest first. */
  entries: JournalEntry[];
  /** A live entry older than these exists. */
  more: boolean;
}

/**
 * Walks the task's live entries newest first (the `[taskId+createdAt]` index, backwards),
 * taking each while `take` says so, and stops at the first it declines: it reads the rows
 * it takes, the deleted ones among them, and one more. `take` is called once per live
 * entry, in order, with how many were taken before it.
 */
export async function newestLiveEntries(
  db: CountersignDatabase,
  taskId: string,
  take: (entry: JournalEntry, taken: number) => boolean,
): Promise<NewestEntries> {
  const entries: JournalEntry[] = [];
  let more = false;
  await db.entries
    .where('[taskId+createdAt]')
    .between([taskId, Dexie.minKey], [taskId, Dexie.maxKey])
    .reverse()
    .until(() => more)
    .each((entry) => {
      if (entry.deletedAt !== undefined) return;
      if (take(entry, entries.length)) entries.push(entry);
      else more = true;
    });
  return { entries, more };
}

/** The task's newest `limit` live entries, and whether there are older ones. */
export function listEntries(
  db: CountersignDatabase,
  taskId: string,
  limit: number,
): Promise<NewestEntries> {
  return newestLiveEntries(db, taskId, (_, taken) => taken < limit);
}

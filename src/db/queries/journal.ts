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

/** The task's live entries, newest first (the `[taskId+createdAt]` index, walked backwards). */
export async function listEntries(
  db: CountersignDatabase,
  taskId: string,
): Promise<JournalEntry[]> {
  const entries = await db.entries
    .where('[taskId+createdAt]')
    .between([taskId, Dexie.minKey], [taskId, Dexie.maxKey])
    .reverse()
    .toArray();
  return entries.filter((entry) => entry.deletedAt === undefined);
}

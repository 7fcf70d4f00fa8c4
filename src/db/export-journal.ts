/**
 * The whole journal as an export file. Soft-deleted rows are included so a restore on
 * another device knows about deletions too; device-local tables (settings, API keys,
 * agent runs) are never part of it.
 */
import {
  JOURNAL_FILE_FORMAT,
  JOURNAL_FILE_VERSION,
  type JournalFile,
} from '../domain/journal-file';
import type { CountersignDatabase } from './database';

export async function exportJournal(
  db: CountersignDatabase,
  now: Date = new Date(),
): Promise<JournalFile> {
  // One read transaction: the tables are read as one consistent snapshot, so an
  // entry written mid-export cannot appear without its task.
  const tables = await db.transaction(
    'r',
    [db.categories, db.labels, db.tasks, db.checklistItems, db.entries, db.agents, db.rules],
    async () => ({
      categories: await db.categories.toArray(),
      labels: await db.labels.toArray(),
      tasks: await db.tasks.toArray(),
      checklistItems: await db.checklistItems.toArray(),
      entries: await db.entries.toArray(),
      agents: await db.agents.toArray(),
      rules: await db.rules.toArray(),
    }),
  );
  return {
    format: JOURNAL_FILE_FORMAT,
    version: JOURNAL_FILE_VERSION,
    exportedAt: now.toISOString(),
    tables,
  };
}

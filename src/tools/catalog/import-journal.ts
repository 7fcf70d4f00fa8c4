import { journalFileSchema } from '../../domain/journal-file';
import { JOURNAL_TABLES, type JournalRows } from '../../domain/journal';
import { defineTool } from '../tool-definition';

/**
 * Merges an export into the journal by id: new rows are added, rows that exist take
 * whichever side was updated later. Importing the same file twice changes nothing.
 */
export const importJournal = defineTool({
  name: 'import_journal',
  audience: 'internal',
  recordsDiffs: false,
  argsSchema: journalFileSchema,
  summarize: ({ tables }) => `Import journal (${tables.tasks.length} tasks)`,
  targetTaskId: async () => undefined,
  async handle({ tables }, journal) {
    let added = 0;
    let updated = 0;
    let kept = 0;
    for (const table of JOURNAL_TABLES) {
      for (const row of tables[table] as JournalRows[typeof table][]) {
        const local = await journal.storedRow(table, row.id);
        if (local && local.updatedAt >= row.updatedAt) {
          kept += 1;
          continue;
        }
        await journal.restore(table, row);
        if (local) updated += 1;
        else added += 1;
      }
    }
    const output = `Imported: ${added} added, ${updated} updated, ${kept} already up to date.`;
    return { output, data: { added, updated, kept }, noop: added + updated === 0 };
  },
});

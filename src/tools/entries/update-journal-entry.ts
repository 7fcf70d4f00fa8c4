import { z } from 'zod';
import { idSchema } from '../../domain/entity';
import { journalEntryTextSchema } from '../../domain/journal-entry';
import { defineInternalTool } from '../tool-definition';
import { entryTaskId, requireEntry } from './entry-target';

export const updateJournalEntry = defineInternalTool({
  name: 'update_journal_entry',
  argsSchema: z.object({ id: idSchema, text: journalEntryTextSchema }),
  summarize: () => 'Edit entry',
  targetTaskId: entryTaskId,
  async handle({ id, text }, journal, context) {
    const entry = await requireEntry(journal, context.taskId, id);
    if (entry.text === text) return { output: 'The entry is unchanged.', noop: true };
    await journal.update('entries', entry.id, { text });
    return { output: 'Entry updated.' };
  },
});

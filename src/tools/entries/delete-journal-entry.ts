import { z } from 'zod';
import { idSchema } from '../../domain/entity';
import { defineInternalTool } from '../tool-definition';
import { entryTaskId, requireEntry } from './entry-target';

export const deleteJournalEntry = defineInternalTool({
  name: 'delete_journal_entry',
  argsSchema: z.object({ id: idSchema }),
  summarize: () => 'Delete entry',
  targetTaskId: entryTaskId,
  async handle({ id }, journal, context) {
    const entry = await requireEntry(journal, context.taskId, id);
    await journal.remove('entries', entry.id);
    return { output: 'Entry deleted.' };
  },
});

import { z } from 'zod';
import { idSchema } from '../../domain/entity';
import { defineTool } from '../tool-definition';
import { entryTaskId, requireEntry } from './entry-target';

export const deleteJournalEntry = defineTool({
  name: 'delete_journal_entry',
  audience: 'internal',
  argsSchema: z.object({ id: idSchema }),
  summarize: () => 'Delete entry',
  targetTaskId: entryTaskId,
  async handle({ id }, journal, context) {
    const entry = await requireEntry(journal, context.taskId, id);
    await journal.remove('entries', entry.id);
    return { output: 'Entry deleted.' };
  },
});

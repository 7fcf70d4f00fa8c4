import { z } from 'zod';
import { journalEntryTextSchema } from '../../domain/journal-entry';
import { defineInternalTool } from '../tool-definition';
import { contextTaskId, requireTask } from '../task/task-target';

export const addJournalEntry = defineInternalTool({
  name: 'add_journal_entry',
  argsSchema: z.object({ text: journalEntryTextSchema }),
  summarize: ({ text }) => `Write entry "${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`,
  targetTaskId: contextTaskId,
  async handle({ text }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    const entry = await journal.create('entries', { taskId: task.id, text });
    return { output: 'Entry written.', data: { entryId: entry.id } };
  },
});

import { z } from 'zod';
import { defineInternalTool } from '../tool-definition';
import { contextTaskId, requireTask } from './task-target';

const CLEARABLE = {
  estimateMinutes: 'estimate',
  dueDate: 'due date',
  languageCode: 'language',
} as const;

/** The user removes an optional value (the agent only ever proposes values). */
export const clearTaskField = defineInternalTool({
  name: 'clear_task_field',
  argsSchema: z.object({ field: z.enum(['estimateMinutes', 'dueDate', 'languageCode']) }),
  summarize: ({ field }) => `Clear ${CLEARABLE[field]}`,
  targetTaskId: contextTaskId,
  async handle({ field }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    if (task[field] === undefined)
      return { output: `There is no ${CLEARABLE[field]} to clear.`, noop: true };
    await journal.update(
      'tasks',
      task.id,
      field === 'languageCode'
        ? { languageCode: undefined, languageSource: 'user' }
        : { [field]: undefined },
    );
    return { output: `Cleared the ${CLEARABLE[field]}.` };
  },
});

import { z } from 'zod';
import { idSchema } from '../../domain/entity';
import { defineInternalTool } from '../tool-definition';
import { contextTaskId, requireTask } from './task-target';

/**
 * The person rejected a proposed label: remember it on the task so the agent never
 * proposes it again there (the same list a label removed by hand goes on).
 */
export const suppressTaskLabel = defineInternalTool({
  name: 'suppress_task_label',
  argsSchema: z.object({ id: idSchema }),
  summarize: ({ id }, names) => `Never suggest label "${names.labelName(id) ?? id}" here`,
  targetTaskId: contextTaskId,
  async handle({ id }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    if (task.suppressedLabelIds.includes(id))
      return { output: 'The label is already suppressed.', noop: true };
    await journal.update('tasks', task.id, {
      suppressedLabelIds: [...task.suppressedLabelIds, id],
    });
    return { output: 'The agent will not propose this label for this task again.' };
  },
});

import { z } from 'zod';
import { LABELS_PER_TASK_MAX } from '../../domain/limits';
import { idSchema } from '../../domain/entity';
import { defineInternalTool } from '../tool-definition';
import { requireAssignableLabel } from './require-assignable-label';
import { contextTaskId, requireTask } from './task-target';

/**
 * The user's own choice of labels. A label the user removes is suppressed, so the agent
 * will not propose it again; a label the user adds back is no longer suppressed.
 */
export const setTaskLabels = defineInternalTool({
  name: 'set_task_labels',
  argsSchema: z.object({ labelIds: z.array(idSchema).max(LABELS_PER_TASK_MAX) }),
  summarize: ({ labelIds }) => `Set labels (${labelIds.length})`,
  targetTaskId: contextTaskId,
  async handle({ labelIds }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    const unique = [...new Set(labelIds)];
    for (const id of unique) await requireAssignableLabel(journal, task, id, false);
    const removed = task.labelIds.filter((id) => !unique.includes(id));
    const same = unique.length === task.labelIds.length && removed.length === 0;
    if (same) return { output: 'The labels are unchanged.', noop: true };
    const suppressed = [
      ...new Set([...task.suppressedLabelIds.filter((id) => !unique.includes(id)), ...removed]),
    ];
    await journal.update('tasks', task.id, { labelIds: unique, suppressedLabelIds: suppressed });
    return { output: `Labels set (${unique.length}).` };
  },
});

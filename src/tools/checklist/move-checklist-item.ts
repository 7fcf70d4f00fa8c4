import { z } from 'zod';
import { idSchema } from '../../domain/entity';
import { defineInternalTool } from '../tool-definition';
import { contextTaskId, requireTask } from '../task/task-target';
import { requireChecklistItem } from './checklist-rules';

/** Moves an item one place up or down among the task's visible (unarchived) items. */
export const moveChecklistItem = defineInternalTool({
  name: 'move_checklist_item',
  argsSchema: z.object({ id: idSchema, direction: z.enum(['up', 'down']) }),
  summarize: ({ direction }, _names) => `Move checklist item ${direction}`,
  targetTaskId: contextTaskId,
  async handle({ id, direction }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    const item = await requireChecklistItem(journal, task.id, id);
    const visible = (await journal.checklistItems(task.id)).filter(
      (candidate) => !candidate.isArchived,
    );
    const index = visible.findIndex((candidate) => candidate.id === item.id);
    const neighbour = visible[direction === 'up' ? index - 1 : index + 1];
    if (index < 0 || !neighbour)
      return {
        output: `"${item.title}" is already at the ${direction === 'up' ? 'top' : 'bottom'}.`,
        noop: true,
      };
    await journal.update('checklistItems', item.id, { order: neighbour.order });
    await journal.update('checklistItems', neighbour.id, { order: item.order });
    return { output: `Moved "${item.title}" ${direction}.` };
  },
});

import { z } from 'zod';
import { idSchema } from '../../domain/entity';
import { defineInternalTool } from '../tool-definition';
import { contextTaskId, requireTask } from '../task/task-target';
import { requireChecklistItem } from './checklist-rules';

export const deleteChecklistItem = defineInternalTool({
  name: 'delete_checklist_item',
  argsSchema: z.object({ id: idSchema }),
  summarize: ({ id }, names) => `Delete: "${names.checklistItemTitle(id) ?? id}"`,
  targetTaskId: contextTaskId,
  async handle({ id }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    const item = await requireChecklistItem(journal, task.id, id);
    await journal.remove('checklistItems', item.id);
    return { output: `Deleted "${item.title}".` };
  },
});

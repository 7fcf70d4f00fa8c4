import { z } from 'zod';
import { actorOf } from '../../domain/actor';
import { placedOrder, placementSchema } from '../../domain/checklist-placement';
import { defineInternalTool } from '../tool-definition';
import { contextTaskId, requireTask } from '../task/task-target';
import { checklistTitleSchema, nextChecklistOrder } from './checklist-rules';

/**
 * One checklist item: the user's "Add item", and each exploded `add_multiple_checklist_items`
 * element (never offered to the model). An exploded element carries its `placement` in the
 * batch, so confirming the batch's items in any order keeps the batch's order.
 */
export const addChecklistItem = defineInternalTool({
  name: 'add_checklist_item',
  example: { title: 'Pick up milk' },
  argsSchema: z.object({
    title: checklistTitleSchema,
    isChecked: z.boolean().optional(),
    placement: placementSchema.optional(),
  }),
  summarize: ({ title, isChecked }) =>
    isChecked ? `Add, already done: "${title}"` : `Add: "${title}"`,
  proposalTarget: (_args, context) =>
    context.taskId ? { table: 'tasks', id: context.taskId, fields: [] } : undefined,
  targetTaskId: contextTaskId,
  async preview({ title, isChecked }) {
    return { before: '', after: isChecked ? `+ ${title} (ticked)` : `+ ${title}` };
  },
  async handle({ title, isChecked = false, placement }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    const order = placement
      ? placedOrder(await journal.checklistItems(task.id), placement)
      : await nextChecklistOrder(journal, task.id);
    const created = await journal.create('checklistItems', {
      taskId: task.id,
      title,
      isChecked,
      isArchived: false,
      order,
      checkedBy: isChecked ? actorOf(context.source) : undefined,
      checkedAt: isChecked ? context.now : undefined,
      ...(placement ? { placement } : {}),
    });
    const createdItems = [{ id: created.id, title: created.title, isChecked: created.isChecked }];
    return { output: JSON.stringify({ createdItems }), data: { createdItems } };
  },
});

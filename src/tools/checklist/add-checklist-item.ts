import { z } from 'zod';
import { actorOf } from '../../domain/actor';
import { defineTool } from '../tool-definition';
import { contextTaskId, requireTask } from '../task/task-target';
import { checklistTitleSchema, nextChecklistOrder } from './checklist-rules';

/** One checklist item: the user's "Add item", and each exploded `add_multiple_checklist_items` element. */
export const addChecklistItem = defineTool({
  name: 'add_checklist_item',
  audience: 'internal',
  example: { title: 'Pick up milk' },
  argsSchema: z.object({ title: checklistTitleSchema, isChecked: z.boolean().optional() }),
  summarize: ({ title }) => `Add: "${title}"`,
  proposalTarget: (_args, context) =>
    context.taskId ? { table: 'tasks', id: context.taskId, fields: [] } : undefined,
  async checkProposal({ title }, journal, context) {
    const existing = (await journal.checklistItems(context.taskId ?? '')).find(
      (item) => !item.isArchived && item.title.toLowerCase() === title.toLowerCase(),
    );
    return existing ? `"${existing.title}" is already on the checklist.` : undefined;
  },
  targetTaskId: contextTaskId,
  async preview({ title }, journal, context) {
    const items = (await journal.checklistItems(context.taskId ?? '')).filter(
      (item) => !item.isArchived,
    );
    return { before: `${items.length} item${items.length === 1 ? '' : 's'}`, after: `+ ${title}` };
  },
  async handle({ title, isChecked = false }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    const created = await journal.create('checklistItems', {
      taskId: task.id,
      title,
      isChecked,
      isArchived: false,
      order: await nextChecklistOrder(journal, task.id),
      checkedBy: isChecked ? actorOf(context.source) : undefined,
      checkedAt: isChecked ? context.now : undefined,
    });
    const createdItems = [{ id: created.id, title: created.title, isChecked: created.isChecked }];
    return { output: JSON.stringify({ createdItems }), data: { createdItems } };
  },
});

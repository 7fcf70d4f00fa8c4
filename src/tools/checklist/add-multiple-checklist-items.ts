import { z } from 'zod';
import { actorOf } from '../../domain/actor';
import { defineDeferredTool } from '../tool-definition';
import { requireTask, contextTaskId } from '../task/task-target';
import { CHECKLIST_EXAMPLE, newChecklistItemsSchema, nextChecklistOrder } from './checklist-rules';
import { countOf } from '../../lib/count-of';
import { RATIONALE_HINT, withRationale } from '../rationale';

export const addMultipleChecklistItems = defineDeferredTool({
  name: 'add_multiple_checklist_items',
  example: { items: [{ title: 'Pick up milk' }, { title: 'Write tests', isChecked: true }] },
  aliases: ['add_checklist_items', 'create_checklist_items'],
  review: { kind: 'Checklist', trustedAs: 'Checklist items (add)' },
  batch: { key: 'items', singular: 'add_checklist_item', ordered: true },
  description:
    'Add checklist items to the task. "items" is always a JSON array of objects with "title" ' +
    '(at most 400 characters) and optional "isChecked" (true when the journal says it is already ' +
    `done); 1 to 20 items; for a single item send a one-element array. Example: ${CHECKLIST_EXAMPLE}. ` +
    'Never send a comma-separated string.' +
    ` ${RATIONALE_HINT}`,
  argsSchema: withRationale(z.object({ items: newChecklistItemsSchema })),
  summarize: ({ items }) => `Add ${countOf(items.length, 'checklist item')}`,
  targetTaskId: contextTaskId,
  async handle({ items }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    let order = await nextChecklistOrder(journal, task.id);
    const actor = actorOf(context.source);
    const createdItems = [];
    for (const item of items) {
      const created = await journal.create('checklistItems', {
        taskId: task.id,
        title: item.title,
        isChecked: item.isChecked,
        isArchived: false,
        order: order++,
        checkedBy: item.isChecked ? actor : undefined,
        checkedAt: item.isChecked ? context.now : undefined,
      });
      createdItems.push({ id: created.id, title: created.title, isChecked: created.isChecked });
    }
    return {
      output: JSON.stringify({ createdItems }),
      data: { createdItems },
    };
  },
});

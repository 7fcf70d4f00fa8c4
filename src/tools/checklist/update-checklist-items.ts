import { z } from 'zod';
import { actorOf } from '../../domain/actor';
import { defineDeferredTool } from '../tool-definition';
import { ToolInputError } from '../tool-errors';
import { contextTaskId, requireTask } from '../task/task-target';
import { requireChecklistItem } from './checklist-rules';
import { checklistItemChangeSchema, planChecklistChange } from './update-checklist-item';
import { countOf } from '../../lib/count-of';
import { RATIONALE_HINT, withRationale } from '../rationale';

export const updateChecklistItems = defineDeferredTool({
  name: 'update_checklist_items',
  example: { items: [{ id: 'item-id', isChecked: true }] },
  aliases: ['check_checklist_items'],
  review: { kind: 'Checklist', trustedAs: 'Checklist items (update)' },
  batch: { key: 'items', singular: 'update_checklist_item' },
  description:
    'Check off, uncheck, rename or archive existing checklist items of this task, by the ids in the ' +
    'context. Each element needs "id" and at least one of "title", "isChecked", "isArchived". To flip ' +
    'an item the user checked or unchecked themselves, include a "reason". Example: ' +
    '{"items": [{"id": "item-id", "isChecked": true}]}.' +
    ` ${RATIONALE_HINT}`,
  argsSchema: withRationale(
    z.object({
      items: z
        .array(checklistItemChangeSchema, {
          error:
            'Expected "items" to be an array of objects, for example {"items": [{"id": "item-id", "isChecked": true}]}.',
        })
        .min(
          1,
          'Give at least one item, for example {"items": [{"id": "item-id", "isChecked": true}]}.',
        )
        .max(20, 'At most 20 items per call; split them into several calls.'),
    }),
  ),
  summarize: ({ items }) => `Update ${countOf(items.length, 'checklist item')}`,
  targetTaskId: contextTaskId,
  async handle({ items }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    const actor = actorOf(context.source);
    const ids = items.map((item) => item.id);
    const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
    if (duplicate)
      throw new ToolInputError(`The item "${duplicate}" appears twice; send each id once.`);
    // Plan every change before writing any, so the batch is all-or-nothing.
    const planned = [];
    for (const change of items) {
      const item = await requireChecklistItem(journal, task.id, change.id);
      planned.push({ item, patch: planChecklistChange(item, change, actor === 'agent') });
    }
    let changed = 0;
    for (const { item, patch } of planned) {
      if (Object.keys(patch).length === 0) continue;
      if (patch.isChecked !== undefined)
        Object.assign(patch, { checkedBy: actor, checkedAt: context.now });
      await journal.update('checklistItems', item.id, patch);
      changed += 1;
    }
    if (changed === 0)
      return { output: 'Every item is already like that; nothing changed.', noop: true };
    return { output: `Updated ${countOf(changed, 'checklist item')}.` };
  },
});

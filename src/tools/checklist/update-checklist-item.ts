import { z } from 'zod';
import { actorOf } from '../../domain/actor';
import { idSchema } from '../../domain/entity';
import type { ChecklistItem } from '../../domain/checklist-item';
import { defineInternalTool, NO_NAMES, type SummaryNames } from '../tool-definition';
import { ToolInputError } from '../tool-errors';
import { contextTaskId, requireTask } from '../task/task-target';
import { checklistTitleSchema, requireChecklistItem } from './checklist-rules';

export const checklistItemChangeSchema = z
  .object({
    id: idSchema,
    title: checklistTitleSchema.optional(),
    isChecked: z.boolean({ error: '"isChecked" is true or false.' }).optional(),
    isArchived: z.boolean({ error: '"isArchived" is true or false.' }).optional(),
    reason: z.string().max(500).optional(),
  })
  .refine(
    (change) =>
      change.title !== undefined ||
      change.isChecked !== undefined ||
      change.isArchived !== undefined,
    {
      message:
        'Each item needs its "id" and at least one of "title", "isChecked", "isArchived", for example {"id": "item-id", "isChecked": true}.',
    },
  );
export type ChecklistItemChange = z.infer<typeof checklistItemChangeSchema>;

function summarizeChecklistChange(change: ChecklistItemChange, names: SummaryNames): string {
  const title = change.title ?? names.checklistItemTitle(change.id) ?? change.id;
  if (change.isArchived === true) return `Archive: "${title}"`;
  if (change.title !== undefined)
    return `Update: "${names.checklistItemTitle(change.id) ?? change.id}" → "${change.title}"`;
  if (change.isChecked === true) return `Check off: "${title}"`;
  if (change.isChecked === false) return `Uncheck: "${title}"`;
  return `Update: "${title}"`;
}

/** What would change, or an error when the agent would flip the user's own check without saying why. */
export function planChecklistChange(
  item: ChecklistItem,
  change: ChecklistItemChange,
  byAgent: boolean,
) {
  if (
    byAgent &&
    change.isChecked !== undefined &&
    change.isChecked !== item.isChecked &&
    item.checkedBy === 'user' &&
    !change.reason?.trim()
  ) {
    throw new ToolInputError(
      `The user ${item.isChecked ? 'checked' : 'unchecked'} "${item.title}" themselves; to flip it, include a "reason", for example {"id": "${item.id}", "isChecked": ${!item.isChecked}, "reason": "The journal says it was undone"}.`,
    );
  }
  const patch: Partial<ChecklistItem> = {};
  if (change.title !== undefined && change.title !== item.title) patch.title = change.title;
  if (change.isArchived !== undefined && change.isArchived !== item.isArchived)
    patch.isArchived = change.isArchived;
  if (change.isChecked !== undefined && change.isChecked !== item.isChecked)
    patch.isChecked = change.isChecked;
  return patch;
}

export const updateChecklistItem = defineInternalTool({
  name: 'update_checklist_item',
  example: { id: 'item-id', isChecked: true },
  argsSchema: checklistItemChangeSchema,
  fieldLabels: { title: 'title', isChecked: 'item', isArchived: 'item' },
  summarize: summarizeChecklistChange,
  proposalTarget: (change) => ({
    table: 'checklistItems',
    id: change.id,
    fields: (['title', 'isChecked', 'isArchived'] as const).filter(
      (field) => change[field] !== undefined,
    ),
  }),
  async checkProposal(change, journal, context) {
    try {
      const item = await requireChecklistItem(journal, context.taskId ?? '', change.id);
      const patch = planChecklistChange(item, change, actorOf(context.source) === 'agent');
      return Object.keys(patch).length === 0 ? `"${item.title}" is already like that.` : undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  },
  targetTaskId: contextTaskId,
  async preview(change, journal, context) {
    const item = await requireChecklistItem(journal, context.taskId ?? '', change.id);
    const state = (checked: boolean, archived: boolean, title: string) =>
      `${archived ? '[archived] ' : ''}${checked ? '☑' : '☐'} ${title}`;
    return {
      before: state(item.isChecked, item.isArchived, item.title),
      after: state(
        change.isChecked ?? item.isChecked,
        change.isArchived ?? item.isArchived,
        change.title ?? item.title,
      ),
    };
  },
  async handle(change, journal, context) {
    const task = await requireTask(journal, context.taskId);
    const item = await requireChecklistItem(journal, task.id, change.id);
    const actor = actorOf(context.source);
    const patch = planChecklistChange(item, change, actor === 'agent');
    if (Object.keys(patch).length === 0)
      return { output: `"${item.title}" is already like that; nothing changed.`, noop: true };
    if (patch.isChecked !== undefined) {
      patch.checkedBy = actor;
      patch.checkedAt = context.now;
    }
    await journal.update('checklistItems', item.id, patch);
    return {
      output: `${summarizeChecklistChange(change, { ...NO_NAMES, checklistItemTitle: () => item.title })}: done.`,
    };
  },
});

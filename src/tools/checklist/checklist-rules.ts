/** Checklist validation shared by the batch and singular tools (the array-only plan's contract). */
import { z } from 'zod';
import { TITLE_MAX_LENGTH } from '../../domain/task';
import type { ChecklistItem } from '../../domain/checklist-item';
import type { JournalReader } from '../../domain/journal-access';
import { EntityNotFoundError } from '../../domain/errors';
import { ToolInputError } from '../tool-errors';

export const MAX_CHECKLIST_BATCH = 20;
export const CHECKLIST_EXAMPLE =
  '{"items": [{"title": "Pick up milk"}, {"title": "Email Alex"}, {"title": "Write tests", "isChecked": true}]}';

const CONTRACT = `Send "items" as a JSON array of objects with "title" (and "isChecked": true if already done), for example ${CHECKLIST_EXAMPLE}. Do not send a comma-separated string or an array of strings.`;

const checklistTitleInput = z.string({ error: `Each item needs a "title" string. ${CONTRACT}` });

export const newChecklistItemSchema = z.object({
  title: checklistTitleInput,
  isChecked: z.boolean({ error: '"isChecked" is true or false.' }).optional(),
});

/**
 * `items` for add_multiple_checklist_items: trimmed, empties dropped, 1..20 left, no title
 * over 400 characters. Validation is complete before anything is written (all or nothing).
 */
export const newChecklistItemsSchema = z
  .array(newChecklistItemSchema, {
    error: (issue) =>
      issue.code === 'invalid_type' && Array.isArray(issue.input) === false
        ? `"items" must be an array of objects, not ${typeof issue.input === 'string' ? 'a string' : String(issue.input === null ? 'null' : typeof issue.input)}. ${CONTRACT}`
        : CONTRACT,
  })
  .transform((items, context) => {
    const kept = items
      .map((item) => ({ title: item.title.trim(), isChecked: item.isChecked ?? false }))
      .filter((item) => item.title.length > 0);
    const tooLong = kept.findIndex((item) => item.title.length > TITLE_MAX_LENGTH);
    if (tooLong >= 0) {
      context.addIssue({
        code: 'custom',
        message: `Item ${tooLong + 1} has a title of ${kept[tooLong]!.title.length} characters; a title is at most ${TITLE_MAX_LENGTH}. Nothing was added.`,
      });
      return z.NEVER;
    }
    if (kept.length === 0) {
      context.addIssue({ code: 'custom', message: `No item has a non-empty title. ${CONTRACT}` });
      return z.NEVER;
    }
    if (kept.length > MAX_CHECKLIST_BATCH) {
      context.addIssue({
        code: 'custom',
        message: `At most ${MAX_CHECKLIST_BATCH} items per call; you sent ${kept.length}. Split them into several calls.`,
      });
      return z.NEVER;
    }
    return kept;
  });

export const checklistTitleSchema = z
  .string()
  .trim()
  .min(1, 'A checklist item needs a title.')
  .max(TITLE_MAX_LENGTH, `A checklist item title is at most ${TITLE_MAX_LENGTH} characters.`);

export async function requireChecklistItem(
  journal: JournalReader,
  taskId: string,
  id: string,
): Promise<ChecklistItem> {
  const item = await journal.checklistItem(id);
  if (!item || item.deletedAt) throw new EntityNotFoundError('checklistItems', id);
  if (item.taskId !== taskId) {
    const known = (await journal.checklistItems(taskId)).map(
      (candidate) => `"${candidate.id}" (${candidate.title})`,
    );
    throw new ToolInputError(
      `The checklist item "${id}" is not on this task. Use an id from this task's checklist: ${known.join(', ') || 'it has no items yet'}.`,
    );
  }
  return item;
}

export async function nextChecklistOrder(journal: JournalReader, taskId: string): Promise<number> {
  const items = await journal.checklistItems(taskId);
  return items.reduce((max, item) => Math.max(max, item.order), 0) + 1;
}

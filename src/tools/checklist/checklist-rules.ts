/** Checklist validation shared by the batch and singular tools (the array-only plan's contract). */
import { z } from 'zod';
import { TITLE_MAX_LENGTH } from '../../domain/task';
import { refuseHiddenCharacters } from '../../domain/display-text';
import type { ChecklistItem } from '../../domain/checklist-item';
import type { JournalReader } from '../../domain/journal-access';
import { EntityNotFoundError } from '../../domain/errors';
import { ToolInputError } from '../tool-errors';
import { ignoringUnknownKeys } from '../unknown-keys';
import { isLive } from '../../domain/is-live';

const MAX_CHECKLIST_BATCH = 20;
export const CHECKLIST_EXAMPLE =
  '{"items": [{"title": "Pick up milk"}, {"title": "Email Alex"}, {"title": "Write tests", "isChecked": true}]}';

/** The array-only plan's retry sentence: the contract in one line, said on every failure. */
const CHECKLIST_CONTRACT = `Use a JSON array of objects with "title" (and "isChecked": true if the journal says the item is already done); do not send a comma-separated string. For example ${CHECKLIST_EXAMPLE}.`;

/**
 * One element of `items`: an object with a title (trimmed, at most 400 characters) and
 * an optional isChecked. Unknown keys are ignored, as the plan says (models add
 * `description` or `priority`), but not one naming a task. Anything else gets the contract.
 */
const newChecklistItemSchema = ignoringUnknownKeys(
  z.object(
    {
      title: refuseHiddenCharacters(
        z
          .string({ error: `Each item needs a "title" string. ${CHECKLIST_CONTRACT}` })
          .trim()
          .max(TITLE_MAX_LENGTH, {
            error: (issue) =>
              `A title is at most ${TITLE_MAX_LENGTH} characters after trimming; this one has ${String(issue.input).length}. Nothing was added.`,
          }),
      ),
      isChecked: z
        .boolean({
          error: '"isChecked" is true or false: true only when the journal says the item is done.',
        })
        .optional(),
    },
    { error: `Each element of "items" must be an object. ${CHECKLIST_CONTRACT}` },
  ),
);

/**
 * `items` for add_multiple_checklist_items: 1..20 elements, titles trimmed, empty ones
 * dropped (an error when none is left), order kept, no de-duplication. The limits are in
 * the schema itself, so the JSON schema the model reads carries them (minItems, maxItems,
 * maxLength). Validation is complete before anything is written (all or nothing).
 */
export const newChecklistItemsSchema = z
  .array(newChecklistItemSchema, {
    error: (issue) =>
      issue.code === 'invalid_type'
        ? `"items" must be an array of objects, not ${describeInput(issue.input)}. ${CHECKLIST_CONTRACT}`
        : undefined,
  })
  .min(1, { error: `"items" is empty. ${CHECKLIST_CONTRACT}` })
  .max(MAX_CHECKLIST_BATCH, {
    error: (issue) =>
      `At most ${MAX_CHECKLIST_BATCH} items per call; you sent ${Array.isArray(issue.input) ? issue.input.length : 'more'}. Split them into several calls.`,
  })
  .transform((items, context) => {
    const kept = items
      .map((item) => ({ title: item.title, isChecked: item.isChecked ?? false }))
      .filter((item) => item.title.length > 0);
    if (kept.length === 0) {
      context.addIssue({
        code: 'custom',
        message: `No item has a non-empty title. ${CHECKLIST_CONTRACT}`,
      });
      return z.NEVER;
    }
    return kept;
  });

function describeInput(input: unknown): string {
  if (typeof input === 'string') return 'a string';
  if (input === null) return 'null';
  return `a ${typeof input}`;
}

export const checklistTitleSchema = refuseHiddenCharacters(
  z
    .string()
    .trim()
    .min(1, 'A checklist item needs a title.')
    .max(TITLE_MAX_LENGTH, `A checklist item title is at most ${TITLE_MAX_LENGTH} characters.`),
);

export async function requireChecklistItem(
  journal: JournalReader,
  taskId: string,
  id: string,
): Promise<ChecklistItem> {
  const item = await journal.checklistItem(id);
  if (!isLive(item)) throw new EntityNotFoundError('checklistItems', id);
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

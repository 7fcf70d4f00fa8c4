/**
 * Which of a proposal's arguments the person may edit before confirming, and with which
 * control: title, estimate, due date, priority, status (with its reason), a label, and a
 * checklist item's title and ticked state. A proposal of any other kind is not editable.
 * Values are checked with the tool's own schema (the same one the confirmation and the
 * task page's writes use), and a refusal is shown at the field it is about.
 */
import {
  ESTIMATE_MAX_MINUTES,
  ESTIMATE_MIN_MINUTES,
  PRIORITIES,
  PRIORITY_NAMES,
  TITLE_MAX_LENGTH,
} from '../../../domain/task-constants';
import type { ChangeItem } from '../../../domain/change-set';
import { findTool } from '../../../tools/registry';

export type EditField =
  | { key: string; label: string; type: 'text'; maxLength: number; optional?: boolean }
  | { key: string; label: string; type: 'number'; min: number; max: number }
  | { key: string; label: string; type: 'date' }
  | { key: string; label: string; type: 'select'; options: { value: string; label: string }[] }
  | { key: string; label: string; type: 'label' }
  | { key: string; label: string; type: 'checkbox' };

const AGENT_STATUSES = ['OPEN', 'GROOMED', 'IN PROGRESS', 'BLOCKED', 'ON HOLD'];
const CHECKLIST_TITLE = { key: 'title', label: 'Item', type: 'text', maxLength: 400 } as const;
const TICKED = { key: 'isChecked', label: 'Already done (ticked)', type: 'checkbox' } as const;

/** The fields of this proposal the person may edit; empty when it is not editable. */
export function editFieldsOf(item: Pick<ChangeItem, 'toolName' | 'args'>): EditField[] {
  switch (item.toolName) {
    case 'set_task_title':
      return [{ key: 'title', label: 'Title', type: 'text', maxLength: TITLE_MAX_LENGTH }];
    case 'update_task_estimate':
      return [
        {
          key: 'minutes',
          label: 'Estimate (minutes)',
          type: 'number',
          min: ESTIMATE_MIN_MINUTES,
          max: ESTIMATE_MAX_MINUTES,
        },
      ];
    case 'update_task_due_date':
      return [{ key: 'dueDate', label: 'Due date', type: 'date' }];
    case 'update_task_priority':
      return [
        {
          key: 'priority',
          label: 'Priority',
          type: 'select',
          options: PRIORITIES.map((value) => ({ value, label: PRIORITY_NAMES[value] })),
        },
      ];
    case 'set_task_status':
      return [
        {
          key: 'status',
          label: 'Status',
          type: 'select',
          options: AGENT_STATUSES.map((value) => ({ value, label: value })),
        },
        { key: 'reason', label: 'Reason', type: 'text', maxLength: 500, optional: true },
      ];
    case 'assign_task_label':
      return [{ key: 'id', label: 'Label', type: 'label' }];
    case 'add_checklist_item':
      return [CHECKLIST_TITLE, TICKED];
    case 'update_checklist_item':
      return [
        ...('title' in item.args ? [CHECKLIST_TITLE] : []),
        ...('isChecked' in item.args ? [TICKED] : []),
      ];
    default:
      return [];
  }
}

/** A field's value as its control holds it (text for inputs, a boolean for checkboxes). */
export type DraftValues = Record<string, string | boolean>;

export function draftOf(item: Pick<ChangeItem, 'args'>, fields: readonly EditField[]): DraftValues {
  return Object.fromEntries(
    fields.map((field) => {
      const value = item.args[field.key];
      if (field.type === 'checkbox') return [field.key, value === true];
      return [field.key, value === undefined || value === null ? '' : String(value)];
    }),
  );
}

/** The edited arguments, as the tool reads them: numbers as numbers, an empty optional text left out. */
export function editsOf(fields: readonly EditField[], draft: DraftValues): Record<string, unknown> {
  const edits: Record<string, unknown> = {};
  for (const field of fields) {
    const value = draft[field.key];
    if (typeof value === 'boolean') edits[field.key] = value;
    else if (field.type === 'number')
      edits[field.key] = value?.trim() === '' ? undefined : Number(value);
    else if (field.type === 'text' && field.optional && value?.trim() === '')
      edits[field.key] = undefined;
    else edits[field.key] = value;
  }
  return edits;
}

/** The first refusal per field, in the schema's words, for `edits` over the proposal. */
export function refusalsOf(
  item: Pick<ChangeItem, 'toolName' | 'args'>,
  edits: Record<string, unknown>,
): Record<string, string> {
  const tool = findTool(item.toolName);
  if (!tool) return { '': 'Unknown kind of change.' };
  const merged: Record<string, unknown> = { ...item.args, ...edits };
  for (const [key, value] of Object.entries(edits)) if (value === undefined) delete merged[key];
  const parsed = tool.argsSchema.safeParse(merged);
  if (parsed.success) return {};
  const refusals: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = typeof issue.path[0] === 'string' ? issue.path[0] : '';
    refusals[key] ??= issue.message;
  }
  return refusals;
}

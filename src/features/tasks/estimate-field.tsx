import { userEdit } from '../../dispatcher/user-edit';
import {
  ESTIMATE_MAX_MINUTES,
  ESTIMATE_MIN_MINUTES,
  estimateMinutesSchema,
  type Task,
} from '../../domain/task';
import { InlineField, type ParseResult } from '../../ui/inline-field';
import { formatMinutes } from '../../lib/format-minutes';

const RANGE = `Enter whole minutes from ${ESTIMATE_MIN_MINUTES} to ${ESTIMATE_MAX_MINUTES}, for example 90.`;

/** Minutes, or null for "no estimate" (an empty field clears it). */
function parseEstimate(text: string, badInput: boolean): ParseResult<number | null> {
  const trimmed = text.trim();
  if (badInput) return { ok: false, error: RANGE };
  if (trimmed === '') return { ok: true, value: null, text: '' };
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return { ok: false, error: RANGE };
  const parsed = estimateMinutesSchema.safeParse(Number(trimmed));
  return parsed.success
    ? { ok: true, value: parsed.data, text: String(parsed.data) }
    : { ok: false, error: parsed.error.issues[0]?.message ?? RANGE };
}

export function EstimateField({ task }: { task: Task }) {
  const value = task.estimateMinutes === undefined ? '' : String(task.estimateMinutes);
  return (
    <InlineField
      label="Estimate (minutes)"
      value={value}
      parse={parseEstimate}
      save={(minutes) =>
        minutes === null
          ? userEdit('clear_task_field', { field: 'estimateMinutes' }, { taskId: task.id })
          : userEdit('update_task_estimate', { minutes }, { taskId: task.id })
      }
      hint={task.estimateMinutes === undefined ? 'None yet' : formatMinutes(task.estimateMinutes)}
      inputProps={{
        type: 'number',
        inputMode: 'numeric',
        min: ESTIMATE_MIN_MINUTES,
        max: ESTIMATE_MAX_MINUTES,
        step: 1,
        placeholder: 'e.g. 90',
      }}
    />
  );
}

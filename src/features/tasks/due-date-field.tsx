import { userEdit } from '../../dispatcher/user-edit';
import { dueDateSchema } from '../../domain/due-date';
import type { Task } from '../../domain/task';
import { InlineField, type ParseResult } from '../../ui/inline-field';
import { formatDueDate, isOverdue } from './task-format';

/** A real calendar date, or null for "no due date" (an empty field clears it). */
function parseDueDate(text: string, badInput: boolean): ParseResult<string | null> {
  if (badInput) return { ok: false, error: 'That date is incomplete or does not exist.' };
  if (text.trim() === '') return { ok: true, value: null, text: '' };
  const parsed = dueDateSchema.safeParse(text);
  return parsed.success
    ? { ok: true, value: parsed.data, text: parsed.data }
    : { ok: false, error: parsed.error.issues[0]?.message ?? 'Use a real date.' };
}

export function DueDateField({ task }: { task: Task }) {
  const overdue = isOverdue(task);
  return (
    <InlineField
      label="Due date"
      value={task.dueDate ?? ''}
      parse={parseDueDate}
      save={(dueDate) =>
        dueDate === null
          ? userEdit('clear_task_field', { field: 'dueDate' }, { taskId: task.id })
          : userEdit('update_task_due_date', { dueDate }, { taskId: task.id })
      }
      hint={
        task.dueDate === undefined ? (
          'None yet'
        ) : overdue ? (
          <span className="overdue-text">Overdue: it was due {formatDueDate(task.dueDate)}</span>
        ) : (
          formatDueDate(task.dueDate)
        )
      }
      inputProps={{ type: 'date' }}
    />
  );
}

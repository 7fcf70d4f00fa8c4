/** How task values read on screen: due dates and overdue-ness. */
import { todayIso } from '../../domain/due-date';
import type { Task } from '../../domain/task';

// Built once: creating Intl formatters per row is slow at 5,000 rows.
const DATE_FORMAT = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A YYYY-MM-DD due date for people, e.g. "15 Mar 2026" (the date is a calendar day, not an instant). */
export function formatDueDate(dueDate: string): string {
  const [year, month, day] = dueDate.split('-').map(Number);
  if (!year || !month || !day) return dueDate;
  return DATE_FORMAT.format(new Date(Date.UTC(year, month - 1, day)));
}

const FINISHED: readonly Task['status'][] = ['DONE', 'REJECTED'];

/** Due before today and not finished: a finished task is never late. */
export function isOverdue(task: Pick<Task, 'dueDate' | 'status'>, today = todayIso()): boolean {
  return task.dueDate !== undefined && task.dueDate < today && !FINISHED.includes(task.status);
}

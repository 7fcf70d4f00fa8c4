import { z } from 'zod';
import { dueDateSchema } from '../../domain/due-date';
import { defineDeferredTool } from '../tool-definition';
import { describeDayShift, formatCalendarDay } from '../../lib/format-calendar-day';
import { contextTaskId, requireTask } from './task-target';
import { RATIONALE_HINT, withRationale } from '../rationale';

export const updateTaskDueDate = defineDeferredTool({
  name: 'update_task_due_date',
  example: { dueDate: '2026-03-15' },
  aliases: ['set_task_due_date', 'set_due_date', 'update_due_date'],
  review: { kind: 'Due date', trustedAs: 'Due date' },
  fieldLabels: { dueDate: 'due date' },
  description:
    'Set the due date of the task as YYYY-MM-DD; it must be a real calendar date. ' +
    'Do not propose the due date the task already has. Example: {"dueDate": "2026-03-15"}.' +
    ` ${RATIONALE_HINT}`,
  argsSchema: withRationale(z.object({ dueDate: dueDateSchema })),
  summarize: ({ dueDate }) => `Set due date to ${dueDate}`,
  proposalTarget: (_args, context) =>
    context.taskId ? { table: 'tasks', id: context.taskId, fields: ['dueDate'] } : undefined,
  async checkProposal({ dueDate }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    return task.dueDate === dueDate ? `The due date is already ${dueDate}.` : undefined;
  },
  targetTaskId: contextTaskId,
  async preview({ dueDate }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    const shift = task.dueDate ? describeDayShift(task.dueDate, dueDate) : undefined;
    return {
      before: task.dueDate ? formatCalendarDay(task.dueDate) : 'none',
      after: formatCalendarDay(dueDate),
      ...(shift ? { note: shift } : {}),
    };
  },
  async handle({ dueDate }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    if (task.dueDate === dueDate)
      return { output: `The due date is already ${dueDate}; nothing changed.`, noop: true };
    await journal.update('tasks', task.id, { dueDate });
    return { output: `Due date set to ${dueDate}.` };
  },
});

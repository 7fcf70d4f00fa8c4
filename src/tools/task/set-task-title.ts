import { z } from 'zod';
import { taskTitleSchema } from '../../domain/task';
import { defineDeferredTool } from '../tool-definition';
import { contextTaskId, requireTask } from './task-target';
import { RATIONALE_HINT, withRationale } from '../rationale';

export const setTaskTitle = defineDeferredTool({
  name: 'set_task_title',
  example: { title: 'Fix login bug on Safari' },
  aliases: ['update_task_title', 'set_title', 'rename_task'],
  review: { kind: 'Title', trustedAs: 'Title' },
  fieldLabels: { title: 'title' },
  description:
    'Set the title of the task. Use a short, specific title (at most 400 characters). ' +
    'Do not propose the title the task already has. Example: {"title": "Fix login bug on Safari"}.' +
    ` ${RATIONALE_HINT}`,
  argsSchema: withRationale(z.object({ title: taskTitleSchema })),
  summarize: ({ title }) => `Set title to "${title}"`,
  proposalTarget: (_args, context) =>
    context.taskId ? { table: 'tasks', id: context.taskId, fields: ['title'] } : undefined,
  async checkProposal({ title }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    return task.title === title ? `The title is already "${title}".` : undefined;
  },
  targetTaskId: contextTaskId,
  async preview({ title }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    return { before: task.title || '(untitled)', after: title };
  },
  async handle({ title }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    if (task.title === title)
      return { output: `The title is already "${title}"; nothing changed.`, noop: true };
    await journal.update('tasks', task.id, { title });
    return { output: `Title set to "${title}".` };
  },
});

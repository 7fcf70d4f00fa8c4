import { z } from 'zod';
import { estimateMinutesSchema } from '../../domain/task';
import { wholeNumberInput } from '../arg-schemas';
import { defineDeferredTool } from '../tool-definition';
import { formatMinutes } from '../../lib/format-minutes';
import { contextTaskId, requireTask } from './task-target';
import { RATIONALE_HINT, withRationale } from '../rationale';

export const updateTaskEstimate = defineDeferredTool({
  name: 'update_task_estimate',
  example: { minutes: 90 },
  aliases: ['set_task_estimate', 'set_estimate', 'update_estimate'],
  review: { kind: 'Estimate', trustedAs: 'Estimate' },
  fieldLabels: { estimateMinutes: 'estimate' },
  description:
    'Set how long the task will take, in whole minutes from 1 to 1440. ' +
    'Do not propose the estimate the task already has. Example: {"minutes": 90}.' +
    ` ${RATIONALE_HINT}`,
  argsSchema: withRationale(z.object({ minutes: wholeNumberInput.pipe(estimateMinutesSchema) })),
  summarize: ({ minutes }) => `Set estimate to ${minutes} minutes`,
  proposalTarget: (_args, context) =>
    context.taskId
      ? { table: 'tasks', id: context.taskId, fields: ['estimateMinutes'] }
      : undefined,
  async checkProposal({ minutes }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    return task.estimateMinutes === minutes
      ? `The estimate is already ${minutes} minutes.`
      : undefined;
  },
  targetTaskId: contextTaskId,
  async preview({ minutes }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    return { before: formatMinutes(task.estimateMinutes), after: formatMinutes(minutes) };
  },
  async handle({ minutes }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    if (task.estimateMinutes === minutes) {
      return { output: `The estimate is already ${minutes} minutes; nothing changed.`, noop: true };
    }
    await journal.update('tasks', task.id, { estimateMinutes: minutes });
    return { output: `Estimate set to ${minutes} minutes.` };
  },
});

import { z } from 'zod';
import { PRIORITIES } from '../../domain/task';
import { upperCaseInput } from '../arg-schemas';
import { defineDeferredTool } from '../tool-definition';
import { contextTaskId, requireTask } from './task-target';
import { RATIONALE_HINT, withRationale } from '../rationale';

export const updateTaskPriority = defineDeferredTool({
  name: 'update_task_priority',
  example: { priority: 'P1' },
  aliases: ['set_task_priority', 'set_priority', 'update_priority'],
  review: { kind: 'Priority', trustedAs: 'Priority' },
  fieldLabels: { priority: 'priority' },
  description:
    'Set the priority of the task: P0 (urgent), P1 (high), P2 (normal), P3 (low). ' +
    'Do not propose the priority the task already has. Example: {"priority": "P1"}.' +
    ` ${RATIONALE_HINT}`,
  argsSchema: withRationale(z.object({ priority: upperCaseInput(PRIORITIES, 'P1') })),
  summarize: ({ priority }) => `Set priority to ${priority}`,
  proposalTarget: (_args, context) =>
    context.taskId ? { table: 'tasks', id: context.taskId, fields: ['priority'] } : undefined,
  async checkProposal({ priority }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    return task.priority === priority ? `The priority is already ${priority}.` : undefined;
  },
  targetTaskId: contextTaskId,
  async preview({ priority }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    return { before: task.priority, after: priority };
  },
  async handle({ priority }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    if (task.priority === priority)
      return { output: `The priority is already ${priority}; nothing changed.`, noop: true };
    await journal.update('tasks', task.id, { priority });
    return { output: `Priority set to ${priority}.` };
  },
});

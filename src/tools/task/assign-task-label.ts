import { z } from 'zod';
import { actorOf } from '../../domain/actor';
import { idSchema } from '../../domain/entity';
import { defineInternalTool } from '../tool-definition';
import { requireAssignableLabel } from './require-assignable-label';
import { contextTaskId, requireTask } from './task-target';

/** One label onto the task: what an exploded `assign_task_labels` item dispatches. */
export const assignTaskLabel = defineInternalTool({
  name: 'assign_task_label',
  example: { id: 'label-id' },
  argsSchema: z.object({ id: idSchema }),
  fieldLabels: { labelIds: 'labels' },
  summarize: ({ id }, names) => `Assign label: "${names.labelName(id) ?? id}"`,
  proposalTarget: (_args, context) =>
    context.taskId ? { table: 'tasks', id: context.taskId, fields: ['labelIds'] } : undefined,
  async checkProposal({ id }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    try {
      const label = await requireAssignableLabel(journal, task, id, true);
      return task.labelIds.includes(id)
        ? `The task already has the label "${label.name}".`
        : undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  },
  targetTaskId: contextTaskId,
  async preview({ id }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    const names = await Promise.all(
      task.labelIds.map(async (labelId) => (await journal.label(labelId))?.name ?? '?'),
    );
    const added = (await journal.label(id))?.name ?? id;
    return { before: names.join(', ') || 'no labels', after: [...names, added].join(', ') };
  },
  async handle({ id }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    const label = await requireAssignableLabel(
      journal,
      task,
      id,
      actorOf(context.source) === 'agent',
    );
    if (task.labelIds.includes(id))
      return { output: `The task already has the label "${label.name}".`, noop: true };
    await journal.update('tasks', task.id, { labelIds: [...task.labelIds, id] });
    return { output: `Label "${label.name}" assigned.` };
  },
});

import { z } from 'zod';
import { actorOf } from '../../domain/actor';
import { idSchema } from '../../domain/entity';
import { defineDeferredTool } from '../tool-definition';
import { requireAssignableLabel } from './require-assignable-label';
import { contextTaskId, requireTask } from './task-target';
import { RATIONALE_HINT, withRationale } from '../rationale';

export const assignTaskLabels = defineDeferredTool({
  name: 'assign_task_labels',
  example: { labels: [{ id: 'label-id' }] },
  aliases: ['assign_labels', 'add_task_labels', 'add_labels'],
  review: { kind: 'Labels', trustedAs: 'Labels' },
  batch: { key: 'labels', singular: 'assign_task_label' },
  description:
    'Assign existing labels to the task by id (see the available labels in the context). Only ' +
    'existing labels; never labels the user removed (suppressed). Example: {"labels": [{"id": "label-id"}]}.' +
    ` ${RATIONALE_HINT}`,
  argsSchema: withRationale(
    z.object({
      labels: z
        .array(z.object({ id: idSchema }), {
          error:
            'Expected "labels" to be an array of objects, for example {"labels": [{"id": "label-id"}]}.',
        })
        .min(1, 'Give at least one label, for example {"labels": [{"id": "label-id"}]}.')
        .max(20, 'At most 20 labels at a time.'),
    }),
  ),
  summarize: ({ labels }) => `Assign labels: ${labels.map((label) => `"${label.id}"`).join(', ')}`,
  targetTaskId: contextTaskId,
  async handle({ labels }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    const byAgent = actorOf(context.source) === 'agent';
    // Validate every label before writing so the batch is all-or-nothing.
    const resolved = await Promise.all(
      labels.map(({ id }) => requireAssignableLabel(journal, task, id, byAgent)),
    );
    const added = resolved.filter(
      (label, index) =>
        !task.labelIds.includes(label.id) &&
        resolved.findIndex((other) => other.id === label.id) === index,
    );
    if (added.length === 0)
      return { output: 'The task already has all these labels; nothing changed.', noop: true };
    await journal.update('tasks', task.id, {
      labelIds: [...task.labelIds, ...added.map((label) => label.id)],
    });
    return { output: `Labels assigned: ${added.map((label) => `"${label.name}"`).join(', ')}.` };
  },
});

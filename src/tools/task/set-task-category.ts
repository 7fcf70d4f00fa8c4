import { z } from 'zod';
import { labelAppliesTo } from '../../domain/category';
import { idSchema, isLive } from '../../domain/entity';
import { defineTool } from '../tool-definition';
import { EntityNotFoundError } from '../../domain/errors';
import { contextTaskId, requireTask } from './task-target';
import { countOf } from '../../lib/count-of';

export const setTaskCategory = defineTool({
  name: 'set_task_category',
  audience: 'internal',
  argsSchema: z.object({ categoryId: idSchema.nullable() }),
  summarize: ({ categoryId }) => (categoryId ? 'Set category' : 'Clear category'),
  targetTaskId: contextTaskId,
  async handle({ categoryId }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    if (categoryId !== null) {
      const category = await journal.category(categoryId);
      if (!isLive(category)) throw new EntityNotFoundError('categories', categoryId);
    }
    const next = categoryId ?? undefined;
    if (task.categoryId === next) return { output: 'The category is unchanged.', noop: true };
    // Labels scoped to other categories no longer apply; drop them with the move.
    const labels = await journal.labels();
    const kept = task.labelIds.filter((id) => {
      const label = labels.find((candidate) => candidate.id === id);
      return label !== undefined && labelAppliesTo(label, next);
    });
    await journal.update('tasks', task.id, { categoryId: next, labelIds: kept });
    const dropped = task.labelIds.length - kept.length;
    const note =
      dropped > 0
        ? ` Removed ${countOf(dropped, 'label')} that only apply to other categories.`
        : '';
    return { output: `${next ? 'Category set.' : 'Category cleared.'}${note}` };
  },
});

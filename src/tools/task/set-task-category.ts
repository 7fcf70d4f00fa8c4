import { z } from 'zod';
import { idSchema } from '../../domain/entity';
import { defineTool } from '../tool-definition';
import { EntityNotFoundError } from '../../domain/errors';
import { contextTaskId, requireTask } from './task-target';

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
      if (!category || category.deletedAt) throw new EntityNotFoundError('categories', categoryId);
    }
    const next = categoryId ?? undefined;
    if (task.categoryId === next) return { output: 'The category is unchanged.', noop: true };
    await journal.update('tasks', task.id, { categoryId: next });
    return { output: next ? 'Category set.' : 'Category cleared.' };
  },
});

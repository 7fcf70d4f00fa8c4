import { z } from 'zod';
import { idSchema } from '../../domain/entity';
import { defineTool } from '../tool-definition';
import { EntityNotFoundError } from '../../domain/errors';

/** Soft-deletes a category. Tasks keep pointing at it and show "no category"; nothing else is lost. */
export const deleteCategory = defineTool({
  name: 'delete_category',
  audience: 'internal',
  argsSchema: z.object({ id: idSchema }),
  summarize: ({ id }) => `Delete category ${id}`,
  targetTaskId: async () => undefined,
  async handle({ id }, journal) {
    const category = await journal.category(id);
    if (!category || category.deletedAt) throw new EntityNotFoundError('categories', id);
    await journal.remove('categories', id);
    return { output: `Deleted category "${category.name}".` };
  },
});

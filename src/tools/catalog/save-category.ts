import { z } from 'zod';
import { colorSchema, nameSchema } from '../../domain/category';
import { idSchema } from '../../domain/entity';
import { isLive } from '../../domain/is-live';
import { defineInternalTool } from '../tool-definition';
import { EntityNotFoundError } from '../../domain/errors';
import { ToolInputError } from '../tool-errors';

/** Creates a category, or renames / recolours one when `id` is given. Names are unique. */
export const saveCategory = defineInternalTool({
  name: 'save_category',
  argsSchema: z.object({ id: idSchema.optional(), name: nameSchema, color: colorSchema }),
  summarize: ({ id, name }) => `${id ? 'Update' : 'Create'} category "${name}"`,
  targetTaskId: async () => undefined,
  async handle({ id, name, color }, journal) {
    const existing = await journal.categories();
    const clash = existing.find(
      (category) =>
        isLive(category) &&
        category.id !== id &&
        category.name.toLowerCase() === name.toLowerCase(),
    );
    if (clash) throw new ToolInputError(`A category named "${clash.name}" already exists.`);
    if (!id) {
      const created = await journal.create('categories', { name, color });
      return { output: `Created category "${name}".`, data: { categoryId: created.id } };
    }
    const category = await journal.category(id);
    if (!isLive(category)) throw new EntityNotFoundError('categories', id);
    if (category.name === name && category.color === color)
      return { output: 'The category is unchanged.', noop: true };
    await journal.update('categories', id, { name, color });
    return { output: `Updated category "${name}".` };
  },
});

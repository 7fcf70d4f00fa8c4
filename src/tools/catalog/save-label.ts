import { z } from 'zod';
import { LABEL_CATEGORIES_MAX } from '../../domain/limits';
import { colorSchema, nameSchema } from '../../domain/category';
import { idSchema } from '../../domain/entity';
import { isLive } from '../../domain/is-live';
import { defineInternalTool } from '../tool-definition';
import { EntityNotFoundError } from '../../domain/errors';
import { ToolInputError } from '../tool-errors';

/** Creates a label, or edits one when `id` is given. Names are unique. */
export const saveLabel = defineInternalTool({
  name: 'save_label',
  argsSchema: z.object({
    id: idSchema.optional(),
    name: nameSchema,
    color: colorSchema,
    categoryIds: z.array(idSchema).max(LABEL_CATEGORIES_MAX).optional(),
  }),
  summarize: ({ id, name }) => `${id ? 'Update' : 'Create'} label "${name}"`,
  targetTaskId: async () => undefined,
  async handle({ id, name, color, categoryIds }, journal) {
    const labels = await journal.labels();
    const clash = labels.find(
      (label) =>
        isLive(label) && label.id !== id && label.name.toLowerCase() === name.toLowerCase(),
    );
    if (clash) throw new ToolInputError(`A label named "${clash.name}" already exists.`);
    for (const categoryId of categoryIds ?? []) {
      const category = await journal.category(categoryId);
      if (!isLive(category)) throw new EntityNotFoundError('categories', categoryId);
    }
    const scope = categoryIds && categoryIds.length > 0 ? categoryIds : undefined;
    if (!id) {
      const created = await journal.create('labels', { name, color, categoryIds: scope });
      return { output: `Created label "${name}".`, data: { labelId: created.id } };
    }
    const label = await journal.label(id);
    if (!isLive(label)) throw new EntityNotFoundError('labels', id);
    await journal.update('labels', id, { name, color, categoryIds: scope });
    return { output: `Updated label "${name}".` };
  },
});

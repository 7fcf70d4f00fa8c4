import { z } from 'zod';
import { refuseHiddenCharacters, storedTitleSchema } from './display-text';
import { entityBaseSchema, idSchema } from './entity';
import { LABEL_CATEGORIES_MAX, NAME_MAX_LENGTH } from './limits';

export const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour is written #rrggbb.');
export const nameSchema = refuseHiddenCharacters(
  z
    .string()
    .trim()
    .min(1, 'A name cannot be empty.')
    .max(NAME_MAX_LENGTH, `A name is at most ${NAME_MAX_LENGTH} characters.`),
);

const storedNameSchema = storedTitleSchema(
  NAME_MAX_LENGTH,
  `A name is at most ${NAME_MAX_LENGTH} characters.`,
);

export const categorySchema = entityBaseSchema.extend({
  name: storedNameSchema,
  color: colorSchema,
});
export type Category = z.infer<typeof categorySchema>;

export const labelSchema = entityBaseSchema.extend({
  name: storedNameSchema,
  color: colorSchema,
  /** When set, the label only applies to tasks in these categories. */
  categoryIds: z.array(idSchema).max(LABEL_CATEGORIES_MAX).optional(),
});
export type Label = z.infer<typeof labelSchema>;

/** A label can be used on a task when it is unscoped or scoped to the task's category. */
export function labelAppliesTo(label: Label, categoryId: string | undefined): boolean {
  if (!label.categoryIds || label.categoryIds.length === 0) return true;
  return categoryId !== undefined && label.categoryIds.includes(categoryId);
}

import { z } from 'zod';
import { entityBaseSchema, idSchema } from './entity';

export const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour is written #rrggbb.');
export const nameSchema = z
  .string()
  .trim()
  .min(1, 'A name cannot be empty.')
  .max(60, 'A name is at most 60 characters.');

export const categorySchema = entityBaseSchema.extend({
  name: z.string().max(60),
  color: colorSchema,
});
export type Category = z.infer<typeof categorySchema>;

export const labelSchema = entityBaseSchema.extend({
  name: z.string().max(60),
  color: colorSchema,
  /** When set, the label only applies to tasks in these categories. */
  categoryIds: z.array(idSchema).optional(),
});
export type Label = z.infer<typeof labelSchema>;

/** A label can be used on a task when it is unscoped or scoped to the task's category. */
export function labelAppliesTo(label: Label, categoryId: string | undefined): boolean {
  if (!label.categoryIds || label.categoryIds.length === 0) return true;
  return categoryId !== undefined && label.categoryIds.includes(categoryId);
}

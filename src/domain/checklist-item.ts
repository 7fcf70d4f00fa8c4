import { z } from 'zod';
import { placementSchema } from './checklist-placement';
import { storedTitleSchema } from './display-text';
import { entityBaseSchema, idSchema, isoTimestampSchema } from './entity';
import { TITLE_MAX_LENGTH, actorSchema } from './task';

export const checklistItemSchema = entityBaseSchema.extend({
  taskId: idSchema,
  title: storedTitleSchema(TITLE_MAX_LENGTH).pipe(z.string().min(1)),
  isChecked: z.boolean(),
  isArchived: z.boolean(),
  /** Position within the task's checklist; gaps are fine, ties break by createdAt. */
  order: z.number(),
  checkedBy: actorSchema.optional(),
  checkedAt: isoTimestampSchema.optional(),
  /** For an item that came from a proposed batch: its place in that batch. */
  placement: placementSchema.optional(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

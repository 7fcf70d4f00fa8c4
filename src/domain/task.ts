/** Tasks: the journal's unit of work, with status history, priority, estimate and labels. */
import { z } from 'zod';
import { entityBaseSchema, idSchema, isoTimestampSchema } from './entity';
import { dueDateSchema } from './due-date';
import {
  ESTIMATE_MAX_MINUTES,
  ESTIMATE_MIN_MINUTES,
  PRIORITIES,
  TASK_STATUSES,
  TITLE_MAX_LENGTH,
} from './task-constants';

export {
  DEFAULT_PRIORITY,
  ESTIMATE_MAX_MINUTES,
  ESTIMATE_MIN_MINUTES,
  PRIORITIES,
  PRIORITY_NAMES,
  TASK_STATUSES,
  TITLE_MAX_LENGTH,
  needsReason,
  type Priority,
  type TaskStatus,
} from './task-constants';

export const taskStatusSchema = z.enum(TASK_STATUSES);

export const prioritySchema = z.enum(PRIORITIES);

export const taskTitleSchema = z
  .string()
  .trim()
  .min(1, 'A title cannot be empty.')
  .max(TITLE_MAX_LENGTH, `A title is at most ${TITLE_MAX_LENGTH} characters.`);

export const estimateMinutesSchema = z
  .number()
  .int('An estimate is a whole number of minutes.')
  .min(ESTIMATE_MIN_MINUTES, `An estimate is at least ${ESTIMATE_MIN_MINUTES} minute.`)
  .max(ESTIMATE_MAX_MINUTES, `An estimate is at most ${ESTIMATE_MAX_MINUTES} minutes (one day).`);

export const actorSchema = z.enum(['user', 'agent']);
export type Actor = z.infer<typeof actorSchema>;

export const statusChangeSchema = z.object({
  status: taskStatusSchema,
  reason: z.string().optional(),
  at: isoTimestampSchema,
  by: actorSchema,
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const taskSchema = entityBaseSchema.extend({
  title: z.string().max(TITLE_MAX_LENGTH),
  status: taskStatusSchema,
  statusReason: z.string().optional(),
  statusHistory: z.array(statusChangeSchema),
  priority: prioritySchema,
  estimateMinutes: estimateMinutesSchema.optional(),
  dueDate: dueDateSchema.optional(),
  languageCode: z.string().optional(),
  languageSource: actorSchema.optional(),
  categoryId: idSchema.optional(),
  labelIds: z.array(idSchema),
  suppressedLabelIds: z.array(idSchema),
});
export type Task = z.infer<typeof taskSchema>;

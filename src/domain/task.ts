/** Tasks: the journal's unit of work, with status history, priority, estimate and labels. */
import { z } from 'zod';
import { entityBaseSchema, idSchema, isoTimestampSchema } from './entity';
import { dueDateSchema } from './due-date';
import { refuseHiddenCharacters, storedTitleSchema } from './display-text';
import {
  LABELS_PER_TASK_MAX,
  LANGUAGE_CODE_MAX_LENGTH,
  STATUS_HISTORY_MAX,
  STATUS_REASON_MAX_LENGTH,
} from './limits';
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

export const taskTitleSchema = refuseHiddenCharacters(
  z
    .string()
    .trim()
    .min(1, 'A title cannot be empty.')
    .max(TITLE_MAX_LENGTH, `A title is at most ${TITLE_MAX_LENGTH} characters.`),
);

/** A status reason as the tools take it and the task stores it. */
export const statusReasonSchema = z
  .string()
  .max(STATUS_REASON_MAX_LENGTH, `A reason is at most ${STATUS_REASON_MAX_LENGTH} characters.`);

export const estimateMinutesSchema = z
  .number()
  .int('An estimate is a whole number of minutes.')
  .min(ESTIMATE_MIN_MINUTES, `An estimate is at least ${ESTIMATE_MIN_MINUTES} minute.`)
  .max(ESTIMATE_MAX_MINUTES, `An estimate is at most ${ESTIMATE_MAX_MINUTES} minutes (one day).`);

export const actorSchema = z.enum(['user', 'agent']);
export type Actor = z.infer<typeof actorSchema>;

export const statusChangeSchema = z.object({
  status: taskStatusSchema,
  reason: statusReasonSchema.optional(),
  at: isoTimestampSchema,
  by: actorSchema,
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/**
 * A task's status history, newest last: at most STATUS_HISTORY_MAX changes are kept. A
 * longer one (a change appended to a full history, an old file) keeps its newest ones.
 */
const statusHistorySchema = z
  .array(statusChangeSchema)
  .transform((history) =>
    history.length > STATUS_HISTORY_MAX ? history.slice(-STATUS_HISTORY_MAX) : history,
  );

const labelIdsSchema = z
  .array(idSchema)
  .max(LABELS_PER_TASK_MAX, `A task has at most ${LABELS_PER_TASK_MAX} labels.`);

export const taskSchema = entityBaseSchema.extend({
  title: storedTitleSchema(TITLE_MAX_LENGTH),
  status: taskStatusSchema,
  statusReason: statusReasonSchema.optional(),
  statusHistory: statusHistorySchema,
  priority: prioritySchema,
  estimateMinutes: estimateMinutesSchema.optional(),
  dueDate: dueDateSchema.optional(),
  languageCode: z.string().max(LANGUAGE_CODE_MAX_LENGTH).optional(),
  languageSource: actorSchema.optional(),
  categoryId: idSchema.optional(),
  labelIds: labelIdsSchema,
  /** Labels the person removed or rejected here: one per label of the journal, at most 500. */
  suppressedLabelIds: z.array(idSchema).max(500),
});
export type Task = z.infer<typeof taskSchema>;

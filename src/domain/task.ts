/** Tasks: the journal's unit of work, with status history, priority, estimate and labels. */
import { z } from 'zod';
import { entityBaseSchema, idSchema, isoTimestampSchema } from './entity';
import { dueDateSchema } from './due-date';

export const TASK_STATUSES = [
  'OPEN',
  'GROOMED',
  'IN PROGRESS',
  'BLOCKED',
  'ON HOLD',
  'DONE',
  'REJECTED',
] as const;
export const taskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** Statuses that need a reason: the person reading the history should know why. */
export const STATUSES_NEEDING_REASON: readonly TaskStatus[] = ['BLOCKED', 'ON HOLD'];

export const PRIORITIES = ['P0', 'P1', 'P2', 'P3'] as const;
export const prioritySchema = z.enum(PRIORITIES);
export type Priority = z.infer<typeof prioritySchema>;
export const DEFAULT_PRIORITY: Priority = 'P2';

export const TITLE_MAX_LENGTH = 400;
export const ESTIMATE_MIN_MINUTES = 1;
export const ESTIMATE_MAX_MINUTES = 1440;

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

export function needsReason(status: TaskStatus): boolean {
  return STATUSES_NEEDING_REASON.includes(status);
}

export const PRIORITY_NAMES: Record<Priority, string> = {
  P0: 'P0 · urgent',
  P1: 'P1 · high',
  P2: 'P2 · normal',
  P3: 'P3 · low',
};

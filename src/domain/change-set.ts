/** Proposals the agent queued for review, and the decisions people made about them. */
import { z } from 'zod';
import { entityBaseSchema, idSchema, isoTimestampSchema } from './entity';

export const changeItemStatusSchema = z.enum([
  'pending',
  'confirmed',
  'rejected',
  'expired',
  'failed',
  'undone',
]);
export type ChangeItemStatus = z.infer<typeof changeItemStatusSchema>;

export const changeItemSchema = z.object({
  toolName: z.string(),
  args: z.record(z.string(), z.unknown()),
  humanSummary: z.string(),
  status: changeItemStatusSchema,
  fingerprint: z.string(),
  baseRev: z.number().int().nonnegative(),
  /** The values of the fields this item changes, as they were when it was proposed. */
  base: z.record(z.string(), z.unknown()).optional(),
  groupId: z.string().optional(),
  error: z.string().optional(),
});
export type ChangeItem = z.infer<typeof changeItemSchema>;

export const changeSetStatusSchema = z.enum([
  'pending',
  'partiallyResolved',
  'resolved',
  'expired',
]);
export type ChangeSetStatus = z.infer<typeof changeSetStatusSchema>;

export const changeSetSchema = entityBaseSchema.extend({
  agentId: idSchema,
  taskId: idSchema,
  runKey: z.string(),
  status: changeSetStatusSchema,
  items: z.array(changeItemSchema),
  resolvedAt: isoTimestampSchema.optional(),
  expiresAt: isoTimestampSchema.optional(),
});
export type ChangeSet = z.infer<typeof changeSetSchema>;

export const decisionSchema = entityBaseSchema.extend({
  changeSetId: idSchema,
  taskId: idSchema,
  itemIndex: z.number().int().nonnegative(),
  toolName: z.string(),
  args: z.record(z.string(), z.unknown()),
  fingerprint: z.string(),
  humanSummary: z.string().optional(),
  verdict: z.enum(['confirmed', 'rejected', 'expired', 'retracted']),
  actor: z.enum(['user', 'agent', 'system', 'rule']),
  rejectionReason: z.string().optional(),
  decidedAt: isoTimestampSchema,
  deviceId: z.string(),
  operationId: z.string().optional(),
  undoneAt: isoTimestampSchema.optional(),
});
export type Decision = z.infer<typeof decisionSchema>;

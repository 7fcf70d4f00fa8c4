/** The audit trail and the mutation ledger: what was attempted, what happened, and how to undo it. */
import { z } from 'zod';
import { idSchema, isoTimestampSchema } from './entity';
import { writeSourceSchema } from './write-source';

export const auditKindSchema = z.enum([
  'action',
  'toolResult',
  'policyDenied',
  'thought',
  'observation',
]);
export type AuditKind = z.infer<typeof auditKindSchema>;

export const auditMessageSchema = z.object({
  id: idSchema,
  runKey: z.string().optional(),
  kind: auditKindSchema,
  toolName: z.string().optional(),
  operationId: z.string().optional(),
  taskId: idSchema.optional(),
  source: writeSourceSchema,
  summary: z.string(),
  outcome: z.enum(['success', 'failure', 'denied', 'noop']).optional(),
  payload: z.record(z.string(), z.unknown()),
  createdAt: isoTimestampSchema,
});
export type AuditMessage = z.infer<typeof auditMessageSchema>;

/** One entity row as it was before and after a write: the unit of undo, preview and sync. */
export const entityDiffSchema = z.object({
  table: z.string(),
  id: idSchema,
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type EntityDiff = z.infer<typeof entityDiffSchema>;

/**
 * The ledger: one row per operation applied on this device, written in its transaction.
 * A row exists only once its operation applied (there is no other state to keep: a failed
 * attempt leaves no row, and retries are the caller's), so its presence is the answer to
 * "applied already?" (schema version 10 dropped the status and attempt fields it never varied).
 */
export const mutationSchema = z.object({
  operationId: z.string(),
  toolName: z.string(),
  source: writeSourceSchema,
  taskId: idSchema.optional(),
  diffs: z.array(entityDiffSchema),
  result: z.string().optional(),
  error: z.string().optional(),
  createdAt: isoTimestampSchema,
});
export type Mutation = z.infer<typeof mutationSchema>;

/** What an operation is, for sync and for the person reading Activity. */
export const operationKindSchema = z.enum([
  'journal',
  'proposal',
  'decision',
  'undo',
  'expiry',
  'report',
  'import',
]);
export type OperationKind = z.infer<typeof operationKindSchema>;

/**
 * A decision that must win its item everywhere before its operation is pushed: sync
 * claims the item (first decision wins) and reverts the local one if another device won.
 */
export const decisionClaimSchema = z.object({
  changeSetId: idSchema,
  itemIndex: z.number().int().nonnegative(),
  decisionId: idSchema,
  verdict: z.enum(['confirmed', 'rejected']),
});
export type DecisionClaim = z.infer<typeof decisionClaimSchema>;

/**
 * One operation waiting to leave this device: everything one transaction wrote that other
 * devices need (journal rows, proposals, decisions), written in that same transaction.
 */
export const outboxRowSchema = z.object({
  id: idSchema,
  operationId: z.string(),
  kind: operationKindSchema.default('journal'),
  diffs: z.array(entityDiffSchema),
  claim: decisionClaimSchema.optional(),
  createdAt: isoTimestampSchema,
});
export type OutboxRow = z.infer<typeof outboxRowSchema>;

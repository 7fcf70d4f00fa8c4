/** The audit trail: what was attempted and what happened, message by message (Activity reads it). */
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

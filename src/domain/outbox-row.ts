import { z } from 'zod';
import { decisionClaimSchema } from './decision-claim';
import { idSchema, isoTimestampSchema } from './entity';
import { entityDiffSchema } from './entity-diff';
import { operationKindSchema } from './operation-kind';

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

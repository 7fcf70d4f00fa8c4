import { z } from 'zod';
import { idSchema, isoTimestampSchema } from './entity';
import { entityDiffSchema } from './entity-diff';
import { writeSourceSchema } from './write-source';

/**
 * The ledger: one row per operation applied on this device, written in its transaction.
 * A row exists only once its operation applied (there is no other state to keep: a failed
 * attempt leaves no row, and retries are the caller's), so its presence is the answer to
 * "applied already?" (schema version 10 dropped the status and attempt fields it never varied).
 */
export const ledgerRowSchema = z.object({
  operationId: z.string(),
  toolName: z.string(),
  source: writeSourceSchema,
  taskId: idSchema.optional(),
  diffs: z.array(entityDiffSchema),
  result: z.string().optional(),
  error: z.string().optional(),
  createdAt: isoTimestampSchema,
  /**
   * For another device's operations (source `sync`): what each was there (operation-kind.ts),
   * so an automatic wake here can tell the person's edit from the agent's or a decision.
   */
  remoteKinds: z.array(z.string()).optional(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

import { z } from 'zod';
import { idSchema } from './entity';

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

/** What a claim on the server says: who decided the item, and how. */
export const claimMessageSchema = z.object({
  decisionId: z.string().max(100),
  verdict: z.enum(['confirmed', 'rejected']),
  deviceId: z.string().max(100),
  operationId: z.string().max(200),
});
export type ClaimMessage = z.infer<typeof claimMessageSchema>;

/**
 * A claim this device knows was stored first on its subject (decision 0011): seen in the
 * feed, carried by a snapshot, or read from the server. `id` is the subject's tail,
 * `<change set token>.<item index>`; `winner` is missing when the claim could not be read
 * (it still took the item). Checked before claiming, because compaction removes the
 * claim subjects below its watermark and a purged subject could be won a second time.
 */
export const knownClaimSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,128}\.\d{1,16}$/, 'A claim id is a claim subject tail.'),
    seq: z.number().int().positive(),
    winner: claimMessageSchema.optional(),
  })
  .strict();
export type KnownClaim = z.infer<typeof knownClaimSchema>;

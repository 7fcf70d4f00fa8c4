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

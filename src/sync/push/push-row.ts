/**
 * One push per operation id: the state of sending that operation to the sync server,
 * kept apart from the local mutation ledger (whose "applied here" idempotent dispatch
 * and undo read). States follow the reconciliation spec:
 *   pending → in_flight → applied | failed | needs_reconcile | indeterminate.
 */
import { z } from 'zod';
import { PUSH_STATES } from '../../db/sync-rows';

const pushStateSchema = z.enum(PUSH_STATES);

/** What the person chose for an `indeterminate` push (audited by the caller). */
const INDETERMINATE_CHOICES = ['happened', 'did-not-happen', 'skip'] as const;
export const indeterminateChoiceSchema = z.enum(INDETERMINATE_CHOICES);
export type IndeterminateChoice = z.infer<typeof indeterminateChoiceSchema>;

export const pushRowSchema = z.object({
  operationId: z.string().min(1),
  /** Outbox order: rows are pushed and reconciled in this order. */
  sequence: z.number().int().nonnegative(),
  state: pushStateSchema,
  /** Background reconcile attempts so far; reset only by the person's "it did not happen". */
  attempts: z.number().int().nonnegative(),
  /** Epoch ms when the loop may next look at this row (pending or needs_reconcile). */
  nextAttemptAt: z.number().optional(),
  lastError: z.string().optional(),
  resolution: z.object({ choice: indeterminateChoiceSchema, at: z.number() }).optional(),
  updatedAt: z.number(),
});
export type PushRow = z.infer<typeof pushRowSchema>;

/**
 * Why, next to what: every deferred model tool takes an optional `rationale`, one short
 * sentence the person reads under the proposal. It says why, never what: fingerprints
 * leave it out (domain/fingerprint.ts) and the change set builder keeps it on the item,
 * off the stored arguments, so operation ids never contain it. It is not set_task_status's
 * `reason`, which is part of the change itself. Batch items do not take it: their batch
 * call's rationale goes on each of them.
 */
import { z } from 'zod';
import { RATIONALE_MAX_LENGTH } from '../domain/change-set';

/** What a deferred tool's description says about it. */
export const RATIONALE_HINT = `Add "rationale": one short sentence saying why, shown to the person (at most ${RATIONALE_MAX_LENGTH} characters).`;

const rationaleSchema = z
  .string({ error: '"rationale" is text: one short sentence saying why.' })
  .trim()
  .max(
    RATIONALE_MAX_LENGTH,
    `"rationale" is at most ${RATIONALE_MAX_LENGTH} characters: one short sentence saying why, for example "The journal says the venue is booked."`,
  )
  .optional();

/** The tool's arguments with the optional `rationale` beside them. */
export function withRationale<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  return schema.extend({ rationale: rationaleSchema });
}

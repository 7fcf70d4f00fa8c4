/**
 * What an eval run found, as zod schemas: the JSON report is this, and Settings' check
 * parses it when it arrives from the worker (a thread boundary is a trust boundary).
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();
const words = z.string().max(2_000);

export const situationScoreSchema = z.object({
  id: z.string().max(60),
  name: words,
  /** The wake's status: done, failed, denied … */
  status: z.enum(['done', 'failed', 'cancelled', 'busy', 'missing', 'denied']),
  /** Why it failed, in the app's words. */
  message: words.optional(),
  calls: count,
  validCalls: count,
  expected: count,
  matched: count,
  /** What a good agent would have proposed and this one did not save. */
  missing: z.array(words),
  forbidden: count,
  /** The forbidden changes it attempted, in words. */
  attempted: z.array(words),
  /** Saved proposals no expectation asked for (not penalised; shown). */
  otherProposals: count,
  turns: count,
  maxTurns: count,
  outOfTurns: z.boolean(),
  inputTokens: count,
  outputTokens: count,
  milliseconds: count,
  passed: z.boolean(),
});
export type SituationScore = z.infer<typeof situationScoreSchema>;

export const evalTotalsSchema = z.object({
  situations: count,
  passed: count,
  calls: count,
  validCalls: count,
  expected: count,
  matched: count,
  forbidden: count,
  turns: count,
  inputTokens: count,
  outputTokens: count,
  milliseconds: count,
});
export type EvalTotals = z.infer<typeof evalTotalsSchema>;

export const evalRunSchema = z.object({
  /** The model, as the report names it ("llama3.1 at http://…"). */
  model: words,
  startedAt: z.string().max(40),
  scores: z.array(situationScoreSchema).max(200),
  totals: evalTotalsSchema,
});
export type EvalRun = z.infer<typeof evalRunSchema>;

/** How a run is going: a situation starts, then it is scored (so a table can fill in). */
export const evalProgressSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('situation'), index: count, total: count, name: words }),
  z.object({ type: z.literal('scored'), index: count, total: count, score: situationScoreSchema }),
]);
export type EvalProgress = z.infer<typeof evalProgressSchema>;

/**
 * What the worker tells the page while a wake runs. Parsed with zod on the page side:
 * a message from the worker is a trust boundary like any other.
 */
import { z } from 'zod';

export const wakeProgressSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('started'), wakeId: z.string(), taskId: z.string() }),
  z.object({ type: z.literal('connecting'), provider: z.string() }),
  z.object({ type: z.literal('thinking'), turn: z.number().int() }),
  z.object({ type: z.literal('waiting'), seconds: z.number(), reason: z.string() }),
  /** Said once, while the wake goes on (a server asked for whole answers from now on). */
  z.object({ type: z.literal('notice'), message: z.string() }),
  z.object({
    type: z.literal('tool'),
    turn: z.number().int(),
    toolName: z.string(),
    outcome: z.string(),
  }),
  z.object({ type: z.literal('proposed'), total: z.number().int() }),
  z.object({
    type: z.literal('done'),
    proposed: z.number().int(),
    turns: z.number().int(),
    oneLiner: z.string().optional(),
    ending: z.enum(['empty', 'words-only', 'turn-limit']).optional(),
    refused: z.number().int().optional(),
  }),
  z.object({ type: z.literal('failed'), message: z.string(), kind: z.string() }),
  z.object({ type: z.literal('cancelled') }),
  z.object({ type: z.literal('busy'), message: z.string() }),
]);
export type WakeProgress = z.infer<typeof wakeProgressSchema>;

/**
 * A wake done without its usual end: the model answered with nothing, or in words without
 * a tool call (its answer is in Activity), or used every turn without its report.
 */
export type WakeEnding = NonNullable<Extract<WakeProgress, { type: 'done' }>['ending']>;

export const wakeRequestSchema = z.object({
  taskId: z.string().min(1),
  reason: z.enum(['manual', 'automatic']).default('manual'),
});
export type WakeRequest = z.infer<typeof wakeRequestSchema>;

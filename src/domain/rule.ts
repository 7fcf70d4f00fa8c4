/**
 * Rules the person made from their decisions. A suppression rule stops the agent from
 * proposing one kind of change (a tool) on tasks of one category, and for labels one
 * label only, so rejecting "Urgent" does not silence every label. Rules are journal data:
 * written through dispatch(), exported, imported and synced like a category.
 */
import { z } from 'zod';
import { entityBaseSchema, idSchema } from './entity';

export const ruleSchema = entityBaseSchema.extend({
  effect: z.literal('suppress'),
  /** The tool whose proposals it stops (the singular tool an exploded batch item carries). */
  toolName: z.string().min(1).max(100),
  categoryId: idSchema,
  /** For label proposals: the one label it stops. */
  labelId: idSchema.optional(),
  /** What made it, in words: "You rejected it 3 times on tasks in Work." */
  origin: z.string().max(500),
});
export type Rule = z.infer<typeof ruleSchema>;

/** Whether a live rule stops a proposal of `toolName` with `args` on a task of `categoryId`. */
export function ruleStops(
  rule: Rule,
  toolName: string,
  args: Record<string, unknown>,
  categoryId: string | undefined,
): boolean {
  return (
    rule.deletedAt === undefined &&
    rule.effect === 'suppress' &&
    rule.toolName === toolName &&
    categoryId !== undefined &&
    rule.categoryId === categoryId &&
    (rule.labelId === undefined || args.id === rule.labelId)
  );
}

import { z } from 'zod';
import { idSchema } from '../../domain/entity';
import { isLive } from '../../domain/is-live';
import { EntityNotFoundError } from '../../domain/errors';
import { defineInternalTool } from '../tool-definition';

/**
 * The person's "Stop proposing ‹kind› for ‹category›": a suppression rule, journal data
 * written through dispatch() so it is audited, undoable from the ledger and synced.
 */
export const createSuppressionRule = defineInternalTool({
  name: 'create_suppression_rule',
  argsSchema: z.object({
    toolName: z.string().regex(/^[a-z_]{1,100}$/, 'A tool name, such as "assign_task_label".'),
    categoryId: idSchema,
    labelId: idSchema.optional(),
    origin: z.string().max(500),
  }),
  summarize: ({ toolName, categoryId }, names) =>
    `Stop proposing ${toolName} for ${names.categoryName(categoryId) ?? 'a category'}`,
  targetTaskId: async () => undefined,
  async handle({ toolName, categoryId, labelId, origin }, journal) {
    const category = await journal.category(categoryId);
    if (!isLive(category)) throw new EntityNotFoundError('categories', categoryId);
    const rule = await journal.create('rules', {
      effect: 'suppress',
      toolName,
      categoryId,
      ...(labelId ? { labelId } : {}),
      origin,
    });
    return {
      output: `The agent no longer proposes this on tasks in "${category.name}".`,
      data: { ruleId: rule.id },
    };
  },
});

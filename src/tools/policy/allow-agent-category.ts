import { z } from 'zod';
import { idSchema } from '../../domain/entity';
import { EntityNotFoundError } from '../../domain/errors';
import { defineInternalTool } from '../tool-definition';
import { defaultAgent, writeAgentFields } from './agent-row';

/**
 * The person lets the agent act on tasks in one category, or stops it. One category per
 * call, so two quick ticks in Settings never undo each other.
 */
export const allowAgentCategory = defineInternalTool({
  name: 'allow_agent_category',
  argsSchema: z.object({ categoryId: idSchema, allowed: z.boolean() }),
  summarize: ({ allowed }) =>
    allowed ? 'Allow the agent on a category' : 'Stop the agent acting on a category',
  targetTaskId: async () => undefined,
  async handle({ categoryId, allowed }, journal, context) {
    const category = await journal.category(categoryId);
    if (allowed && !category) throw new EntityNotFoundError('categories', categoryId);
    const agent = await defaultAgent(journal);
    const current = agent?.allowedCategoryIds ?? [];
    const next = allowed
      ? [...current.filter((id) => id !== categoryId), categoryId]
      : current.filter((id) => id !== categoryId);
    const name = category?.name ?? categoryId;
    if (next.length === current.length && current.includes(categoryId) === allowed)
      return {
        output: allowed
          ? `The agent may already act on tasks in "${name}".`
          : `The agent already does not act on tasks in "${name}".`,
        noop: true,
      };
    await writeAgentFields(journal, agent, { allowedCategoryIds: next }, context.now);
    return {
      output: allowed
        ? `The agent may now act on tasks in "${name}".`
        : `The agent no longer acts on tasks in "${name}".`,
    };
  },
});

import { z } from 'zod';
import { idSchema } from '../../domain/entity';
import { isLive } from '../../domain/is-live';
import { defineInternalTool } from '../tool-definition';
import { EntityNotFoundError } from '../../domain/errors';
import { defaultAgent, writeAgentFields } from '../policy/agent-row';

/**
 * Soft-deletes a category. Tasks keep pointing at it and count as uncategorised; the
 * category leaves the agent's allowlist in the same write, so no task is left allowed
 * by a category nobody can see any more.
 */
export const deleteCategory = defineInternalTool({
  name: 'delete_category',
  argsSchema: z.object({ id: idSchema }),
  summarize: ({ id }) => `Delete category ${id}`,
  targetTaskId: async () => undefined,
  async handle({ id }, journal, context) {
    const category = await journal.category(id);
    if (!isLive(category)) throw new EntityNotFoundError('categories', id);
    await journal.remove('categories', id);
    const agent = await defaultAgent(journal);
    if (agent?.allowedCategoryIds.includes(id)) {
      await writeAgentFields(
        journal,
        agent,
        { allowedCategoryIds: agent.allowedCategoryIds.filter((allowed) => allowed !== id) },
        context.now,
      );
      return { output: `Deleted category "${category.name}"; the agent no longer acts on it.` };
    }
    return { output: `Deleted category "${category.name}".` };
  },
});

import { z } from 'zod';
import { idSchema } from '../../domain/entity';
import { isLive } from '../../domain/is-live';
import { EntityNotFoundError } from '../../domain/errors';
import { defineInternalTool } from '../tool-definition';

/** Deletes one of the person's rules (soft, so sync and undo see it). */
export const deleteRule = defineInternalTool({
  name: 'delete_rule',
  argsSchema: z.object({ id: idSchema }),
  summarize: () => 'Delete a rule',
  targetTaskId: async () => undefined,
  async handle({ id }, journal) {
    const rule = await journal.storedRow('rules', id);
    if (!isLive(rule)) throw new EntityNotFoundError('rules', id);
    await journal.remove('rules', id);
    return { output: 'Rule deleted: the agent may propose this again.' };
  },
});

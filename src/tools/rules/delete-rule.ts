import { z } from 'zod';
import { idSchema } from '../../domain/entity';
import { isLive } from '../../domain/is-live';
import { EntityNotFoundError } from '../../domain/errors';
import { defineTool } from '../tool-definition';

/** Deletes one of the person's rules (soft, so sync and undo see it). */
export const deleteRule = defineTool({
  name: 'delete_rule',
  audience: 'internal',
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

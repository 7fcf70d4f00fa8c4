import { z } from 'zod';
import { idSchema } from '../../domain/entity';
import { isLive } from '../../domain/is-live';
import { defineInternalTool } from '../tool-definition';
import { EntityNotFoundError } from '../../domain/errors';

/** Soft-deletes a label; tasks that carry it simply stop showing it. */
export const deleteLabel = defineInternalTool({
  name: 'delete_label',
  argsSchema: z.object({ id: idSchema }),
  summarize: ({ id }) => `Delete label ${id}`,
  targetTaskId: async () => undefined,
  async handle({ id }, journal) {
    const label = await journal.label(id);
    if (!isLive(label)) throw new EntityNotFoundError('labels', id);
    await journal.remove('labels', id);
    return { output: `Deleted label "${label.name}".` };
  },
});

import { z } from 'zod';
import { JOURNAL_TABLES, type JournalRows } from '../../domain/journal';
import { idSchema } from '../../domain/entity';
import { isLive } from '../../domain/is-live';
import { defineInternalTool } from '../tool-definition';
import { countOf } from '../../lib/count-of';

const restorationSchema = z.object({
  table: z.enum(JOURNAL_TABLES),
  id: idSchema,
  /** The row as it was before the write being undone; null when that write created it. */
  before: z.record(z.string(), z.unknown()).nullable(),
});

/**
 * Undo: puts rows back as they were before an applied mutation (its ledger pre-image).
 * A row the mutation created is soft-deleted. Whether undo is still safe (nobody changed
 * the rows since) is checked by the caller inside the same transaction.
 */
export const restoreEntities = defineInternalTool({
  name: 'restore_entities',
  argsSchema: z.object({ restorations: z.array(restorationSchema).min(1).max(100) }),
  summarize: ({ restorations }) => `Undo (${countOf(restorations.length, 'row')})`,
  targetTaskId: async (_args, context) => context.taskId,
  async handle({ restorations }, journal) {
    for (const { table, id, before } of restorations) {
      if (before === null) {
        const current = await journal.storedRow(table, id);
        if (isLive(current)) await journal.remove(table, id);
      } else {
        await journal.restore(table, before as unknown as JournalRows[typeof table]);
      }
    }
    return { output: 'Undone.' };
  },
});

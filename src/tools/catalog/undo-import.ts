import { z } from 'zod';
import { idSchema } from '../../domain/entity';
import type { RowWrite } from '../../domain/journal-access';
import { JOURNAL_TABLES, type JournalRows } from '../../domain/journal';
import { sameContent } from '../../domain/row-content';
import { countOf } from '../../lib/count-of';
import { defineInternalTool } from '../tool-definition';

/** Rows one part of an import may hold, and so one part of its undo. */
const IMPORT_PART_MAX_ROWS = 2_000;

const rowSchema = z.record(z.string(), z.unknown());

const restorationSchema = z.object({
  table: z.enum(JOURNAL_TABLES),
  id: idSchema,
  /** The row before the import (its ledger pre-image); null when the import created it. */
  before: rowSchema.nullable(),
  /** The row as the import left it: a row changed since is not put back. */
  after: rowSchema.nullable(),
});

/**
 * Undo import, one part at a time (transfer/undo-import.ts walks the parts,
 * newest first): each row goes back to its pre-image; a row the import created is
 * deleted. A row someone changed after the import keeps that change and is counted, so
 * undo never overwrites later work.
 */
export const undoImport = defineInternalTool({
  name: 'undo_import',
  argsSchema: z.object({
    restorations: z.array(restorationSchema).min(1).max(IMPORT_PART_MAX_ROWS),
  }),
  summarize: ({ restorations }) => `Undo import (${countOf(restorations.length, 'row')})`,
  targetTaskId: async () => undefined,
  async handle({ restorations }, journal) {
    let restored = 0;
    let changedSince = 0;
    for (const table of new Set(restorations.map((restoration) => restoration.table))) {
      const ofTable = restorations.filter((restoration) => restoration.table === table);
      const current = await journal.storedRows(
        table,
        ofTable.map(({ id }) => id),
      );
      const writes: RowWrite<typeof table>[] = [];
      ofTable.forEach(({ id, before, after }, index) => {
        if (!sameContent(current[index], after)) {
          changedSince += 1;
          return;
        }
        writes.push(
          before === null
            ? { kind: 'remove', id }
            : { kind: 'restore', row: before as unknown as JournalRows[typeof table] },
        );
        restored += 1;
      });
      await journal.writeRows(table, writes);
    }
    return {
      output: `Put back ${countOf(restored, 'row')} as before the import${changedSince > 0 ? `; ${countOf(changedSince, 'row')} changed since kept as they are` : ''}.`,
      data: { restored, changedSince },
      noop: restored === 0,
    };
  },
});

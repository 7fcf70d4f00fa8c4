import {
  describeFileRow,
  journalFileSchema,
  orphanProblem,
  tasksOutsideFile,
  type JournalFile,
} from '../../domain/journal-file';
import type { JournalReader, RowWrite } from '../../domain/journal-access';
import { JOURNAL_TABLES, type JournalRows } from '../../domain/journal';
import { decideRemoteRow, type MergeRow } from '../../domain/merge-rule';
import { capRowTimes } from '../../domain/received-time';
import { receivedCounterProblem } from '../../domain/received-row';
import { defineInternalTool } from '../tool-definition';
import { ToolInputError } from '../tool-errors';
import { revAfterMerge } from './apply-synced-rows';

/**
 * Merges an export (or one chunk of it: the app writes a large file in parts, each its
 * own operation, transfer/import-file.ts) into the journal by id, by the rule
 * sync uses (src/domain/merge-rule.ts): vector clocks first; for concurrent rows, each
 * field goes to the later write, its time capped at the moment of the import, then to
 * the greater device id. Every time of a file row is brought down to that moment first
 * (a row dated 9999 is treated as written now). Importing the same file twice changes
 * nothing. The rows written are recorded as diffs: the ledger keeps their pre-images
 * (Undo import) and the outbox row tells other devices.
 *
 * Refused, before anything is written: a row whose rev or clock leaves no room for this
 * device's writes, and a checklist item or entry whose task is neither in the file nor
 * in the journal.
 */
export const importJournal = defineInternalTool({
  name: 'import_journal',
  argsSchema: journalFileSchema,
  summarize: ({ tables }) => `Import journal (${tables.tasks.length} tasks)`,
  targetTaskId: async () => undefined,
  async handle({ tables }, journal, context) {
    const receivedAt = Date.parse(context.now);
    for (const table of JOURNAL_TABLES) {
      tables[table].forEach((row, index) => {
        const problem = receivedCounterProblem(row);
        if (problem) throw new ToolInputError(`${describeFileRow(table, index, row)}: ${problem}.`);
      });
    }
    await refuseOrphans(tables, journal);
    let added = 0;
    let updated = 0;
    let kept = 0;
    for (const table of JOURNAL_TABLES) {
      const rows = tables[table] as JournalRows[typeof table][];
      if (rows.length === 0) continue;
      const locals = await journal.storedRows(
        table,
        rows.map((row) => row.id),
      );
      const writes: RowWrite<typeof table>[] = [];
      for (const [index, row] of rows.entries()) {
        const local = locals[index] as MergeRow | undefined;
        const after = capRowTimes(row, receivedAt) as unknown as MergeRow;
        const decision = decideRemoteRow(local, { before: null, after }, receivedAt);
        if (decision.outcome === 'keep-local') {
          kept += 1;
          continue;
        }
        const rev = revAfterMerge(decision.outcome, local?.rev, row.rev);
        writes.push({ kind: 'merged', row: { ...decision.row, rev } as unknown as typeof row });
        if (local) updated += 1;
        else added += 1;
      }
      await journal.writeRows(table, writes);
    }
    const output = `Imported: ${added} added, ${updated} updated, ${kept} already up to date.`;
    return { output, data: { added, updated, kept }, noop: added + updated === 0 };
  },
});

/** A checklist item or entry must belong to a task of the file or of the journal. */
async function refuseOrphans(tables: JournalFile['tables'], journal: JournalReader) {
  const outside = tasksOutsideFile(tables);
  const stored = await journal.storedRows('tasks', outside);
  const problem = orphanProblem(
    tables,
    new Set(outside.filter((_, index) => stored[index] !== undefined)),
  );
  if (problem) throw new ToolInputError(problem);
}

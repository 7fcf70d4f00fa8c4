/**
 * "Undo import": walks the import's parts newest first (db/import-records.ts) and puts
 * each part's rows back to their ledger pre-images through `undo_import`, one operation
 * per part, giving the page back between parts. Rows changed since the import keep
 * that change (the tool counts them). Running it again after it stopped goes on where
 * it stopped: each part's operation id is the same, so a part already undone is not
 * undone twice.
 */
import type { CountersignDatabase } from '../db/database';
import { setImportState } from '../db/import-records';
import { runOperation } from '../dispatcher/run-operations';
import { JOURNAL_TABLES } from '../domain/journal';
import { countOf } from '../lib/count-of';
import { yieldToMain } from '../lib/yield-to-main';
import type { TransferProgress } from './transfer-progress';

/** Rows put back per step: the same size as an import's part, so no step runs long. */
const STEP_ROWS = 100;

export async function undoImport(
  db: CountersignDatabase,
  importId: string,
  onProgress?: (progress: TransferProgress) => void,
): Promise<{ ok: boolean; message: string }> {
  const record = await db.imports.get(importId);
  if (!record || record.state === 'undone')
    return { ok: false, message: 'This import was already undone.' };
  // Part by part, newest first: each part's pre-images are read when it is undone (all
  // of them at once would be one read of the whole file, twice over, on the main thread).
  const operationIds = [...record.operationIds].reverse();
  const total = record.changedRows ?? record.writtenRows;
  let done = 0;
  let restored = 0;
  let changedSince = 0;
  onProgress?.({ phase: 'undoing', done, total });
  for (const [index, operationId] of operationIds.entries()) {
    const mutation = await db.mutations.get(operationId);
    const diffs = (mutation?.diffs ?? [])
      .filter((diff) => (JOURNAL_TABLES as readonly string[]).includes(diff.table))
      .reverse();
    for (let start = 0; start < diffs.length; start += STEP_ROWS) {
      const part = diffs.slice(start, start + STEP_ROWS);
      const outcome = await runOperation<never, undefined>(db, {
        call: {
          toolName: 'undo_import',
          args: {
            restorations: part.map(({ table, id, before, after }) => ({
              table,
              id,
              before,
              after,
            })),
          },
          context: {
            source: 'undo',
            operationKey: `undo-import:${importId}:${operationId}:${start}`,
            summary: `Undo import of ${record.fileName} (part ${index + 1} of ${operationIds.length})`,
          },
        },
        kind: 'undo',
      });
      if (outcome.kind !== 'done')
        return {
          ok: false,
          message: `Undo stopped after ${countOf(done, 'row')}: ${outcome.kind === 'failed' ? outcome.result.output : ''} Try "Undo import" again to go on.`,
        };
      const data = outcome.result?.data as { restored?: number; changedSince?: number } | undefined;
      restored += data?.restored ?? 0;
      changedSince += data?.changedSince ?? 0;
      done = Math.min(total, done + part.length);
      onProgress?.({ phase: 'undoing', done, total });
      await yieldToMain();
    }
  }
  await setImportState(db, importId, 'undone', new Date().toISOString());
  return {
    ok: true,
    message: `Import of ${record.fileName} undone: ${countOf(restored, 'row')} put back${changedSince > 0 ? `; ${countOf(changedSince, 'row')} changed since the import kept as they are` : ''}.`,
  };
}

/**
 * Imports a journal file without freezing the page, as one import that can be undone.
 *
 * 1. Check: the whole file is read and every row checked against its table's schema
 *    (the limits the tools keep, titles cleaned, times in UTC), and every checklist item
 *    and entry must have its task in the file or the journal. Nothing is written unless
 *    every row passes; the error names the row.
 * 2. Write, in parts of at most `partRows` rows of one table: each part is one operation
 *    of `import_journal` (merge by sync's rule, pre-images in its ledger row, an outbox
 *    row of kind `import`), committed with its place in the import's record
 *    (db/import-records.ts), so "Undo import" finds every part written, even when the
 *    import stopped half way.
 *
 * Both phases give the page back between slices of work (no task beyond a few tens of
 * milliseconds; the benchmark measures it) and report progress.
 */
import type { CountersignDatabase } from '../db/database';
import { recordImportPart, setImportState, startImportRecord } from '../db/import-records';
import { runOperation } from '../dispatcher/run-operations';
import {
  checkJournalRow,
  orphanProblem,
  checkJournalFileHeader,
  tasksOutsideFile,
  type JournalFile,
} from '../domain/journal-file';
import { JOURNAL_TABLES, type JournalRows, type JournalTable } from '../domain/journal';
import { countOf } from '../lib/count-of';
import { timeSlice, yieldToMain } from '../lib/yield-to-main';
import type { TransferProgress } from './transfer-progress';

/** Rows per written part: small enough that one part's transaction work stays short. */
const PART_ROWS = 100;
/** Checking gives the page back this often. */
const SLICE_MS = 25;

export type ImportOutcome =
  { ok: true; message: string; importId: string } | { ok: false; error: string; importId?: string };

interface ImportOptions {
  fileName: string;
  onProgress?: (progress: TransferProgress) => void;
  partRows?: number;
}

const number = (count: number) => count.toLocaleString('en-US');

type Tables = { [T in JournalTable]: JournalRows[T][] };

/** Imports a parsed file (read-journal-file.ts parses it off the main thread). */
export async function importJournalData(
  db: CountersignDatabase,
  data: unknown,
  options: ImportOptions,
): Promise<ImportOutcome> {
  const checked = await checkFile(db, data, options);
  if (!checked.ok) return checked;
  return writeParts(db, checked.file, options);
}

async function checkFile(
  db: CountersignDatabase,
  data: unknown,
  { onProgress }: ImportOptions,
): Promise<{ ok: true; file: JournalFile } | { ok: false; error: string }> {
  const header = checkJournalFileHeader(data);
  if (!header.ok) return header;
  const total = JOURNAL_TABLES.reduce((sum, table) => sum + header.value.tables[table].length, 0);
  const tables = Object.fromEntries(
    JOURNAL_TABLES.map((table) => [table, []]),
  ) as unknown as Tables;
  const slice = timeSlice(SLICE_MS);
  let done = 0;
  for (const table of JOURNAL_TABLES) {
    const rows = header.value.tables[table];
    for (let index = 0; index < rows.length; index += 1) {
      const row = checkJournalRow(table, index, rows[index]);
      if (!row.ok) return row;
      (tables[table] as unknown[]).push(row.value);
      done += 1;
      if (slice.due()) {
        onProgress?.({ phase: 'checking', done, total });
        await yieldToMain();
        slice.restart();
      }
    }
  }
  const outside = tasksOutsideFile(tables);
  const stored = await db.tasks.bulkGet(outside);
  const problem = orphanProblem(
    tables,
    new Set(outside.filter((_, index) => stored[index] !== undefined)),
  );
  if (problem) return { ok: false, error: problem };
  return { ok: true, file: { ...header.value, tables } };
}

interface Part {
  table: JournalTable;
  rows: readonly unknown[];
}

function partsOf(tables: Tables, partRows: number): Part[] {
  const parts: Part[] = [];
  for (const table of JOURNAL_TABLES) {
    const rows = tables[table];
    for (let start = 0; start < rows.length; start += partRows)
      parts.push({ table, rows: rows.slice(start, start + partRows) });
  }
  return parts;
}

interface Counts {
  added: number;
  updated: number;
  kept: number;
}

async function writeParts(
  db: CountersignDatabase,
  file: JournalFile,
  { fileName, onProgress, partRows = PART_ROWS }: ImportOptions,
): Promise<ImportOutcome> {
  const parts = partsOf(file.tables, partRows);
  const total = parts.reduce((sum, part) => sum + part.rows.length, 0);
  const importId = crypto.randomUUID();
  await startImportRecord(db, {
    id: importId,
    fileName,
    createdAt: new Date().toISOString(),
    totalRows: total,
  });
  const counts: Counts = { added: 0, updated: 0, kept: 0 };
  const empty = Object.fromEntries(JOURNAL_TABLES.map((table) => [table, []]));
  let done = 0;
  onProgress?.({ phase: 'importing', done, total });
  for (const [index, part] of parts.entries()) {
    const outcome = await runOperation<never, Partial<Counts> | undefined>(
      db,
      {
        call: {
          toolName: 'import_journal',
          args: { ...file, tables: { ...empty, [part.table]: part.rows } },
          context: {
            source: 'user',
            operationKey: `import:${importId}:${index}`,
            summary: `Import ${fileName} (part ${index + 1} of ${parts.length})`,
          },
        },
        kind: 'import',
        followUp: async (applied) => {
          await recordImportPart(db, importId, {
            rows: part.rows.length,
            changed: applied && !applied.noop ? applied.mutatedEntries.length : 0,
            operationId: applied && !applied.noop ? applied.operationId : undefined,
          });
          return { value: applied?.data as Partial<Counts> | undefined };
        },
      },
      { tables: ['imports'] },
    );
    if (outcome.kind !== 'done') {
      await setImportState(db, importId, 'stopped', new Date().toISOString());
      const reason = outcome.kind === 'failed' ? outcome.result.output : '';
      return {
        ok: false,
        importId,
        error:
          done === 0
            ? `Nothing was imported: ${reason}`
            : `The import stopped after ${number(done)} of ${number(total)} rows: ${reason} "Undo import" puts back what it wrote.`,
      };
    }
    counts.added += outcome.value?.added ?? 0;
    counts.updated += outcome.value?.updated ?? 0;
    counts.kept += outcome.value?.kept ?? 0;
    done += part.rows.length;
    onProgress?.({ phase: 'importing', done, total });
    await yieldToMain();
  }
  await setImportState(db, importId, 'imported', new Date().toISOString());
  return {
    ok: true,
    importId,
    message: `Imported: ${number(counts.added)} added, ${number(counts.updated)} updated, ${number(counts.kept)} already up to date${total === 0 ? '' : ` (${countOf(total, 'row')} read)`}.`,
  };
}

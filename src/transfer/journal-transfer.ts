/**
 * What Settings → Export and import runs: export the journal to a file, import a file,
 * undo an import, each ending in words for the person (never a throw). The modules that do
 * the work are loaded only when asked, so the first page does not carry them.
 */
import type { CountersignDatabase } from '../db/database';
import { countOf } from '../lib/count-of';
import type { TransferProgress } from './transfer-progress';

export type TransferOutcome = { ok: boolean; message: string };

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Exports the journal and hands the file to `save` (a download in the page), which returns
 * the file name it used.
 */
export async function exportToFile(
  db: CountersignDatabase,
  save: (blob: Blob, now: Date) => string,
  onProgress: (progress: TransferProgress) => void,
): Promise<TransferOutcome> {
  try {
    const { exportJournalFile } = await import('./export-journal-file');
    const now = new Date();
    const { blob, liveTasks: tasks } = await exportJournalFile(db, { now, onProgress });
    const fileName = save(blob, now);
    return {
      ok: true,
      message: `Exported ${countOf(tasks, 'task')} to ${fileName}. Keep it somewhere safe.`,
    };
  } catch (error) {
    return { ok: false, message: `The journal could not be exported: ${reason(error)}` };
  }
}

/** Reads a chosen file and merges it into the journal by id; a refusal names the file. */
export async function importFromFile(
  db: CountersignDatabase,
  file: File,
  onProgress: (progress: TransferProgress) => void,
): Promise<TransferOutcome> {
  try {
    const [{ importJournalData }, { readJournalFile }, { NOT_JSON }] = await Promise.all([
      import('./import-file'),
      import('./read-journal-file'),
      import('../domain/journal-file'),
    ]);
    const read = await readJournalFile(file);
    const outcome = read.ok
      ? await importJournalData(db, read.data, { fileName: file.name, onProgress })
      : { ok: false as const, error: NOT_JSON };
    return outcome.ok
      ? { ok: true, message: outcome.message }
      : { ok: false, message: `${file.name}: ${outcome.error}` };
  } catch (error) {
    return { ok: false, message: `${file.name} could not be read: ${reason(error)}` };
  }
}

/** Puts the import back, every part of it. */
export async function undoImportNow(
  db: CountersignDatabase,
  importId: string,
  onProgress: (progress: TransferProgress) => void,
): Promise<TransferOutcome> {
  try {
    const { undoImport } = await import('./undo-import');
    return await undoImport(db, importId, onProgress);
  } catch (error) {
    return { ok: false, message: `The import could not be undone: ${reason(error)}` };
  }
}

/**
 * The whole journal as an export file, written as text in pieces so that no one read,
 * string or task holds the whole journal (a 10× journal is half a gigabyte of JSON).
 * Soft-deleted rows are included so a restore on another device knows about deletions
 * too; device-local tables (settings, API keys, agent runs) are never part of it.
 *
 * One read transaction spans every page, so the file is one consistent snapshot: an
 * entry written mid-export cannot appear without its task. The text is the file format
 * of domain/journal-file.ts, one row a line.
 */
import {
  JOURNAL_FILE_FORMAT,
  JOURNAL_FILE_VERSION,
  type JournalFile,
} from '../domain/journal-file';
import { isLive } from '../domain/is-live';
import type { CountersignDatabase } from './database';

/** The tables of an export, in the file's order. */
const EXPORT_TABLES = [
  'categories',
  'labels',
  'tasks',
  'checklistItems',
  'entries',
  'agents',
  'rules',
] as const satisfies readonly (keyof JournalFile['tables'])[];

/** Rows read per page: one page's text is a few hundred kilobytes at most. */
const PAGE_ROWS = 2_000;

export interface ExportSink {
  /** A piece of the file's text, in order. */
  write(text: string): void;
  /** Rows written so far, of the total the transaction counted at its start. */
  progress?(done: number, total: number): void;
}

export async function writeJournalExport(
  db: CountersignDatabase,
  sink: ExportSink,
  { now = new Date(), pageRows = PAGE_ROWS }: { now?: Date; pageRows?: number } = {},
): Promise<{ rows: number; liveTasks: number }> {
  const tables = EXPORT_TABLES.map((name) => db.table(name));
  return db.transaction('r', tables, async () => {
    const counts = await Promise.all(tables.map((table) => table.count()));
    const total = counts.reduce((sum, count) => sum + count, 0);
    let done = 0;
    let liveTasks = 0;
    const header = JSON.stringify({
      format: JOURNAL_FILE_FORMAT,
      version: JOURNAL_FILE_VERSION,
      exportedAt: now.toISOString(),
    });
    sink.write(`${header.slice(0, -1)},"tables":{`);
    sink.progress?.(0, total);
    for (const [index, table] of tables.entries()) {
      const name = EXPORT_TABLES[index];
      sink.write(`${index === 0 ? '' : ','}\n${JSON.stringify(name)}:[`);
      let after: string | undefined;
      let first = true;
      for (;;) {
        const page: { id: string; deletedAt?: string }[] = await (
          after === undefined ? table.orderBy(':id') : table.where(':id').above(after)
        )
          .limit(pageRows)
          .toArray();
        if (page.length === 0) break;
        const lines = page.map((row) => JSON.stringify(row));
        sink.write(`${first ? '\n' : ',\n'}${lines.join(',\n')}`);
        first = false;
        if (name === 'tasks') liveTasks += page.filter(isLive).length;
        done += page.length;
        sink.progress?.(done, total);
        if (page.length < pageRows) break;
        after = page[page.length - 1]?.id;
      }
      sink.write(']');
    }
    sink.write('\n}}\n');
    return { rows: done, liveTasks };
  });
}

/** The export as one object: for tests and small callers; the app streams it. */
export async function exportJournal(
  db: CountersignDatabase,
  now: Date = new Date(),
): Promise<JournalFile> {
  const pieces: string[] = [];
  await writeJournalExport(db, { write: (text) => pieces.push(text) }, { now });
  return JSON.parse(pieces.join('')) as JournalFile;
}

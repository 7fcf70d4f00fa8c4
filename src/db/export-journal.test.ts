/**
 * The export is written in pages inside one read transaction, as text pieces: the pieces
 * make the same file whatever the page size, every row is in it once, the progress counts
 * up to the total, and no piece is the whole journal.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTask, createTestDatabase, userWrite } from '../../test/support/test-database';
import { parseJournalFile } from '../domain/journal-file';
import { buildSampleJournal } from '../domain/sample-journal';
import type { CountersignDatabase } from './database';
import { exportJournal, writeJournalExport } from './export-journal';

let db: CountersignDatabase;
beforeEach(async () => {
  db = createTestDatabase();
  await userWrite(db, 'import_journal', buildSampleJournal());
  for (let index = 0; index < 7; index += 1) {
    const taskId = await createTask(db, `Task ${index}`);
    await userWrite(db, 'add_journal_entry', { text: `Entry ${index}` }, { taskId });
  }
  const gone = await createTask(db, 'Deleted task');
  await userWrite(db, 'delete_task', { id: gone }, { taskId: gone });
});
afterEach(() => db.delete());

async function writeInPages(pageRows: number) {
  const pieces: string[] = [];
  const progress: [number, number][] = [];
  const now = new Date('2026-11-27T08:00:00Z');
  const result = await writeJournalExport(
    db,
    { write: (text) => pieces.push(text), progress: (done, total) => progress.push([done, total]) },
    { now, pageRows },
  );
  return { pieces, progress, result, text: pieces.join('') };
}

describe('writeJournalExport', () => {
  it('gives the same file for any page size, with every row once', async () => {
    const small = await writeInPages(2);
    const large = await writeInPages(10_000);
    expect(small.text).toBe(large.text);
    const parsed = parseJournalFile(small.text);
    if (!parsed.ok) throw new Error(parsed.error);
    for (const table of ['tasks', 'entries', 'categories', 'labels'] as const) {
      const ids = parsed.file.tables[table].map((row) => row.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(await db[table].count());
    }
    expect(parsed.file.exportedAt).toBe('2026-11-27T08:00:00.000Z');
  });

  it('counts progress up to the rows it counted first, and live tasks without deleted ones', async () => {
    const { progress, result } = await writeInPages(3);
    const total = progress[0]![1];
    expect(progress[0]).toEqual([0, total]);
    expect(progress.at(-1)).toEqual([total, total]);
    expect(progress.map(([done]) => done)).toEqual(
      [...progress.map(([done]) => done)].sort((a, b) => a - b),
    );
    expect(result.rows).toBe(total);
    const tasks = await db.tasks.toArray();
    expect(result.liveTasks).toBe(tasks.filter((task) => !task.deletedAt).length);
    expect(result.liveTasks).toBeLessThan(tasks.length);
  });

  it('never writes the journal as one piece: a page of rows at most', async () => {
    const { pieces } = await writeInPages(2);
    const rowsPerPiece = pieces.map((piece) => piece.split('\n{').length - 1);
    expect(Math.max(...rowsPerPiece)).toBeLessThanOrEqual(2);
  });

  it('exportJournal reads the same pieces back as one file', async () => {
    const file = await exportJournal(db);
    expect(file.tables.tasks.length).toBe(await db.tasks.count());
  });
});

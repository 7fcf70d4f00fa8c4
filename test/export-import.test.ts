/**
 * Export → empty journal → import gives the same journal back; a broken, foreign or
 * wrong-version file changes nothing; importing the same file twice adds nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../src/db/database';
import { exportJournal } from '../src/db/export-journal';
import { dispatch } from '../src/dispatcher/dispatch';
import { JOURNAL_TABLES } from '../src/domain/journal';
import { parseJournalFile } from '../src/domain/journal-file';
import { buildSampleJournal } from '../src/domain/sample-journal';
import { createTask, createTestDatabase, userWrite } from './support/test-database';

const databases: CountersignDatabase[] = [];
function freshDatabase() {
  const db = createTestDatabase();
  databases.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(databases.splice(0).map((db) => db.delete()));
});

/** Every row of every journal table, minus the write path's stamps (rev, clock). */
async function journalContent(db: CountersignDatabase) {
  const content: Record<string, unknown[]> = {};
  for (const table of JOURNAL_TABLES) {
    const rows = (await db[table].toArray()) as { id: string }[];
    content[table] = rows
      .map(({ rev: _rev, vectorClock: _clock, ...rest }: Record<string, unknown>) => rest)
      .sort((a, b) => String(a.id).localeCompare(String(b.id)));
  }
  return content;
}

async function rowCounts(db: CountersignDatabase) {
  return Object.fromEntries(
    await Promise.all(JOURNAL_TABLES.map(async (table) => [table, await db[table].count()])),
  );
}

async function importText(db: CountersignDatabase, text: string) {
  const parsed = parseJournalFile(text);
  if (!parsed.ok) return { refused: parsed.error };
  return dispatch(db, 'import_journal', parsed.file, { source: 'user' });
}

let source: CountersignDatabase;
beforeEach(async () => {
  source = freshDatabase();
  await userWrite(source, 'import_journal', buildSampleJournal());
  const taskId = await createTask(source, 'Renew the passport');
  await userWrite(source, 'add_journal_entry', { text: 'Line one\nLine two' }, { taskId });
  const gone = await userWrite(source, 'add_journal_entry', { text: 'Typo' }, { taskId });
  await userWrite(source, 'delete_journal_entry', { id: gone.data!.entryId }, { taskId });
  await userWrite(source, 'save_category', { name: 'Errands', color: '#aa3300' });
});

describe('export and import', () => {
  it('exports every journal row, soft-deleted ones included, and nothing device-local', async () => {
    const file = await exportJournal(source);
    expect(file.format).toBe('countersign-journal');
    expect(file.version).toBe(1);
    for (const table of JOURNAL_TABLES)
      expect(file.tables[table]).toHaveLength(await source[table].count());
    expect(file.tables.entries.some((entry) => entry.deletedAt !== undefined)).toBe(true);
    expect(JSON.stringify(file)).not.toContain('deviceId');
    expect(Object.keys(file.tables).sort()).toEqual([...JOURNAL_TABLES].sort());
  });

  it('gives back the same rows after export, an empty journal and an import', async () => {
    const text = JSON.stringify(await exportJournal(source));
    const target = freshDatabase();
    const result = await importText(target, text);
    expect(result).toMatchObject({ success: true });
    expect(await journalContent(target)).toEqual(await journalContent(source));
  });

  it('adds no rows and changes no content when the same file is imported twice', async () => {
    const text = JSON.stringify(await exportJournal(source));
    const target = freshDatabase();
    await importText(target, text);
    const afterFirst = await journalContent(target);
    const counts = await rowCounts(target);
    const second = await importText(target, text);
    expect(second).toMatchObject({ success: true });
    expect(await rowCounts(target)).toEqual(counts);
    expect(await journalContent(target)).toEqual(afterFirst);
  });

  it('reports nothing added on a second import of a file without deletions', async () => {
    const text = JSON.stringify(buildSampleJournal());
    const target = freshDatabase();
    await importText(target, text);
    const second = await importText(target, text);
    expect(second).toMatchObject({ success: true, noop: true });
    expect('output' in second && second.output).toMatch(/^Imported: 0 added, 0 updated/);
  });

  // Known bug in src/tools/catalog/import-journal.ts: it looks rows up with the live-only
  // readers, so a soft-deleted row is "added" again (rev and clock bumped, outbox row
  // written) on every import. When that is fixed this test starts passing: make it `it`.
  it('reports nothing added on a second import of a file with deletions', async () => {
    const text = JSON.stringify(await exportJournal(source));
    const target = freshDatabase();
    await importText(target, text);
    const second = await importText(target, text);
    expect('output' in second && second.output).toMatch(/^Imported: 0 added, 0 updated/);
  });

  it.each([
    ['a file that is not JSON', '{"format": "countersign-journal", ', /not valid JSON/],
    [
      'a foreign JSON file',
      JSON.stringify({ name: 'my-app', version: '1.0.0' }),
      /not a Countersign/,
    ],
    [
      'a file of another version',
      JSON.stringify({ format: 'countersign-journal', version: 2, exportedAt: '', tables: {} }),
      /different version/,
    ],
  ])('refuses %s and leaves the journal unchanged', async (_name, text, message) => {
    const before = await journalContent(source);
    const result = await importText(source, text);
    expect(result).toEqual({ refused: expect.stringMatching(message) });
    expect(await journalContent(source)).toEqual(before);
  });

  it('refuses a foreign object dispatched straight to import_journal', async () => {
    const before = await journalContent(source);
    const result = await dispatch(source, 'import_journal', { tasks: [] }, { source: 'user' });
    expect(result.success).toBe(false);
    expect(await journalContent(source)).toEqual(before);
  });
});

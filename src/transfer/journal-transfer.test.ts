import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/support/test-database';
import type { CountersignDatabase } from '../db/database';
import { exportJournal } from '../db/export-journal';
import { buildSampleJournal } from '../domain/sample-journal';
import { dispatch } from '../dispatcher/dispatch';
import { importFromFile, undoImportNow } from './journal-transfer';
import type { TransferProgress } from './transfer-progress';

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

const file = (text: string, name = 'journal.json') =>
  new File([text], name, { type: 'application/json' });

describe('journal transfer, as Settings runs it', () => {
  it('imports a file, then undoes it, each ending in words and never a throw', async () => {
    const source = createTestDatabase();
    await dispatch(source, 'import_journal', buildSampleJournal(), { source: 'user' });
    const sample = JSON.stringify(await exportJournal(source));
    await source.delete();
    const seen: TransferProgress[] = [];

    const imported = await importFromFile(db, file(sample), (progress) => seen.push(progress));
    expect(imported).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Imported: \d+ added/),
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(await db.tasks.count()).toBeGreaterThan(0);

    const record = await db.imports.toCollection().first();
    const undone = await undoImportNow(db, record!.id, () => undefined);
    expect(undone.ok).toBe(true);
    expect(await undoImportNow(db, record!.id, () => undefined)).toEqual({
      ok: false,
      message: 'This import was already undone.',
    });
  });

  it('names the file it refuses, and writes nothing', async () => {
    const outcome = await importFromFile(db, file('{ not json', 'notes.txt'), () => undefined);
    expect(outcome.ok).toBe(false);
    expect(outcome.message).toMatch(/^notes\.txt: /);
    expect(await db.tasks.count()).toBe(0);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTask,
  createTestDatabase,
  journalSnapshot,
  userWrite,
} from '../../test/support/test-database';
import type { CountersignDatabase } from '../db/database';
import { exportJournal } from '../db/export-journal';
import { latestImport } from '../db/import-records';
import { keepOutbox } from '../db/sync-settings';
import { buildSampleJournal } from '../domain/sample-journal';
import { importJournalData } from './import-file';
import type { TransferProgress } from './transfer-progress';
import { undoImport } from './undo-import';

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

/** What the person sees: live rows and what they say, without write bookkeeping. */
async function liveContent() {
  const snapshot = await journalSnapshot(db);
  return Object.fromEntries(
    Object.entries(snapshot).map(([table, rows]) => [
      table,
      (rows as Record<string, unknown>[])
        .filter((row) => row.deletedAt === undefined)
        .map(({ rev: _r, vectorClock: _v, updatedAt: _u, fieldWrites: _f, ...rest }) => rest)
        .sort((a, b) => String(a.id).localeCompare(String(b.id))),
    ]),
  );
}

const sampleText = () => JSON.stringify(buildSampleJournal());
const rowsIn = (text: string) =>
  Object.values(JSON.parse(text).tables as Record<string, unknown[]>).reduce(
    (sum, rows) => sum + rows.length,
    0,
  );

describe('importing a file in parts', () => {
  it('writes every part under one import, with progress, an outbox row per part', async () => {
    await keepOutbox(db);
    const text = sampleText();
    const progress: TransferProgress[] = [];
    const outcome = await importJournalData(db, JSON.parse(text), {
      fileName: 'sample.json',
      partRows: 7,
      onProgress: (step) => progress.push(step),
    });
    expect(outcome).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Imported: \d+ added/),
    });
    const total = rowsIn(text);
    expect(progress.at(-1)).toEqual({ phase: 'importing', done: total, total });
    const record = (await latestImport(db))!;
    expect(record).toMatchObject({ fileName: 'sample.json', state: 'imported', totalRows: total });
    expect(record.operationIds.length).toBeGreaterThan(3);
    const outbox = await db.outbox.toArray();
    const importOperations = outbox.filter((row) => row.kind === 'import');
    expect(importOperations.map((row) => row.operationId).sort()).toEqual(
      [...record.operationIds].sort(),
    );
  });

  it('"Undo import" puts back everything an import in many parts changed', async () => {
    const taskId = await createTask(db, 'Mine before the import');
    await userWrite(db, 'import_journal', buildSampleJournal());
    // A file that renames a task already here, and brings new ones.
    const file = buildSampleJournal();
    const mine = (await db.tasks.get(taskId))!;
    file.tables.tasks.push({
      ...mine,
      title: 'Renamed by the file',
      vectorClock: { ...mine.vectorClock, 'other-device': 3 },
    });
    for (const task of file.tables.tasks.slice(0, 4)) {
      const stored = (await db.tasks.get(task.id))!;
      Object.assign(task, {
        title: `${task.title} (edited elsewhere)`,
        vectorClock: { ...stored.vectorClock, 'other-device': 2 },
      });
    }
    const extra = { ...file.tables.tasks[0]!, id: 'brand-new', title: 'New from the file' };
    file.tables.tasks.push(extra);
    const before = await liveContent();

    const imported = await importJournalData(db, JSON.parse(JSON.stringify(file)), {
      fileName: 'other.json',
      partRows: 2,
    });
    expect(imported.ok).toBe(true);
    expect((await db.tasks.get(taskId))!.title).toBe('Renamed by the file');
    expect(await db.tasks.get('brand-new')).toBeDefined();

    const progress: TransferProgress[] = [];
    const undone = await undoImport(db, (await latestImport(db))!.id, (step) =>
      progress.push(step),
    );
    expect(undone).toMatchObject({
      ok: true,
      message: /^Import of other\.json undone: 6 rows put back\.$/,
    });
    expect(progress.at(-1)).toMatchObject({ phase: 'undoing', done: 6, total: 6 });
    expect(await liveContent()).toEqual(before);
    expect((await latestImport(db))!.state).toBe('undone');
    expect(await undoImport(db, (await latestImport(db))!.id)).toMatchObject({ ok: false });
  });

  it('keeps a change made after the import when undoing it', async () => {
    const text = JSON.stringify(buildSampleJournal());
    await importJournalData(db, JSON.parse(text), { fileName: 'sample.json', partRows: 10 });
    const [first] = await db.tasks.toArray();
    await userWrite(
      db,
      'set_task_title',
      { title: 'Edited after the import' },
      { taskId: first!.id },
    );
    const outcome = await undoImport(db, (await latestImport(db))!.id);
    expect(outcome.message).toMatch(/1 row changed since the import kept as they are/);
    expect((await db.tasks.get(first!.id))!.title).toBe('Edited after the import');
    expect((await db.tasks.toArray()).filter((task) => task.deletedAt === undefined)).toHaveLength(
      1,
    );
  });

  it('writes nothing when one row of a large file is not valid, and names it', async () => {
    const file = buildSampleJournal();
    file.tables.entries.at(-1)!.text = 'x'.repeat(30_000);
    const outcome = await importJournalData(db, JSON.parse(JSON.stringify(file)), {
      fileName: 'bad.json',
    });
    expect(outcome).toMatchObject({
      ok: false,
      error: expect.stringMatching(
        /^Journal entry \(id .*, row \d+ of entries\), field text: .*Nothing was imported\.$/,
      ),
    });
    expect(await db.tasks.count()).toBe(0);
    expect(await latestImport(db)).toBeUndefined();
  });

  it('exports and imports back the same journal', async () => {
    await userWrite(db, 'import_journal', buildSampleJournal());
    const text = JSON.stringify(await exportJournal(db));
    const other = createTestDatabase();
    try {
      expect((await importJournalData(other, JSON.parse(text), { fileName: 'x.json' })).ok).toBe(
        true,
      );
      expect(await other.tasks.count()).toBe(await db.tasks.count());
    } finally {
      await other.delete();
    }
  });
});

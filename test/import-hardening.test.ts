/**
 * An imported row keeps the limits the tools keep,
 * and merges by sync's rule. Each case failed before: the import took rows no tool
 * could write (a rev near 2^53, a 2 MB reason, orphans, a reversed title) and decided
 * by comparing times as text.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../src/db/database';
import { exportJournal } from '../src/db/export-journal';
import { dispatch } from '../src/dispatcher/dispatch';
import { parseJournalFile, type JournalFile } from '../src/domain/journal-file';
import { RECEIVED_COUNTER_MAX, STATUS_HISTORY_MAX } from '../src/domain/limits';
import type { Task } from '../src/domain/task';
import {
  createTask,
  createTestDatabase,
  journalSnapshot,
  userWrite,
} from './support/test-database';

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

const NOW = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

function taskRow(fields: Partial<Task> = {}): Task {
  return {
    id: 'imported-task',
    title: 'Imported task',
    status: 'OPEN',
    statusHistory: [{ status: 'OPEN', at: iso(NOW - 60_000), by: 'user' }],
    priority: 'P2',
    labelIds: [],
    suppressedLabelIds: [],
    createdAt: iso(NOW - 60_000),
    updatedAt: iso(NOW - 60_000),
    rev: 1,
    vectorClock: { laptop: 1 },
    ...fields,
  };
}

function fileWith(tables: Partial<JournalFile['tables']>): JournalFile {
  return {
    format: 'countersign-journal',
    version: 1,
    exportedAt: iso(NOW),
    tables: {
      categories: [],
      labels: [],
      tasks: [],
      checklistItems: [],
      entries: [],
      agents: [],
      rules: [],
      ...tables,
    },
  };
}

/** As Settings reads a file: its text, then the import through dispatch(). */
async function importFile(file: unknown) {
  const parsed = parseJournalFile(JSON.stringify(file));
  if (!parsed.ok) return { refused: parsed.error };
  const result = await dispatch(db, 'import_journal', parsed.file, { source: 'user' });
  return result.success ? { imported: result.output } : { refused: result.output };
}

describe('limits of imported rows (item 1)', () => {
  it('refuses a task with a rev near 2^53, naming it, and writes nothing', async () => {
    const before = await journalSnapshot(db);
    const outcome = await importFile(
      fileWith({ tasks: [taskRow({ title: 'Huge rev', rev: 2 ** 53 - 1 })] }),
    );
    expect(outcome.refused).toMatch(
      /^Task "Huge rev" \(id imported-task, row 1 of tasks\), field rev: A rev is at most 2147483647\. Nothing was imported\.$/,
    );
    expect(await journalSnapshot(db)).toEqual(before);
  });

  it('takes a task at the highest rev a file may carry, and it stays editable', async () => {
    const outcome = await importFile(fileWith({ tasks: [taskRow({ rev: RECEIVED_COUNTER_MAX })] }));
    expect(outcome.imported).toMatch(/1 added/);
    const edit = await dispatch(
      db,
      'set_task_title',
      { title: 'Renamed after import' },
      { source: 'user', taskId: 'imported-task' },
    );
    expect(edit).toMatchObject({ success: true });
    expect((await db.tasks.get('imported-task'))!.title).toBe('Renamed after import');
  });

  it('refuses a vector clock counter above the bound, naming the device', async () => {
    const outcome = await importFile(
      fileWith({ tasks: [taskRow({ vectorClock: { laptop: RECEIVED_COUNTER_MAX + 5 } })] }),
    );
    expect(outcome.refused).toMatch(/vector clock counter for device "laptop"/);
    expect(await db.tasks.count()).toBe(0);
  });

  it('refuses a 2 MB status reason, naming the row and the field', async () => {
    const outcome = await importFile(
      fileWith({
        tasks: [
          taskRow({ id: 'ok', title: 'Fine' }),
          taskRow({ status: 'BLOCKED', statusReason: 'x'.repeat(2 * 1024 * 1024) }),
        ],
      }),
    );
    expect(outcome.refused).toMatch(
      /^Task "Imported task" \(id imported-task, row 2 of tasks\), field statusReason: A reason is at most 500 characters\. Nothing was imported\.$/,
    );
    expect(await db.tasks.count()).toBe(0);
  });

  it(`keeps the newest ${STATUS_HISTORY_MAX} of 50,000 status changes`, async () => {
    const statusHistory = Array.from({ length: 50_000 }, (_, index) => ({
      status: 'OPEN' as const,
      reason: `change ${index}`,
      at: iso(NOW - 100_000 + index),
      by: 'user' as const,
    }));
    expect((await importFile(fileWith({ tasks: [taskRow({ statusHistory })] }))).imported).toMatch(
      /1 added/,
    );
    const stored = (await db.tasks.get('imported-task'))!;
    expect(stored.statusHistory).toHaveLength(STATUS_HISTORY_MAX);
    expect(stored.statusHistory.at(-1)!.reason).toBe('change 49999');
    // The write path keeps the cap too: one more change still leaves 200.
    await userWrite(db, 'change_task_status', { status: 'DONE' }, { taskId: 'imported-task' });
    expect((await db.tasks.get('imported-task'))!.statusHistory).toHaveLength(STATUS_HISTORY_MAX);
  });

  it('refuses a checklist item whose task is neither in the file nor in the journal', async () => {
    const item = {
      id: 'orphan-item',
      taskId: 'no-such-task',
      title: 'Orphan',
      isChecked: false,
      isArchived: false,
      order: 1,
      createdAt: iso(NOW),
      updatedAt: iso(NOW),
      rev: 1,
      vectorClock: { laptop: 1 },
    };
    const outcome = await importFile(fileWith({ tasks: [taskRow()], checklistItems: [item] }));
    expect(outcome.refused).toMatch(
      /Checklist item "Orphan" \(id orphan-item, row 1 of checklistItems\) belongs to task no-such-task, which is neither in the file nor in this journal/,
    );
    expect(await db.tasks.count()).toBe(0);
  });

  it('takes an item whose task is already in the journal', async () => {
    const taskId = await createTask(db, 'Already here');
    const item = {
      id: 'item-of-local-task',
      taskId,
      title: 'Belongs here',
      isChecked: false,
      isArchived: false,
      order: 5,
      createdAt: iso(NOW),
      updatedAt: iso(NOW),
      rev: 1,
      vectorClock: { laptop: 1 },
    };
    expect((await importFile(fileWith({ checklistItems: [item] }))).imported).toMatch(/1 added/);
  });
});

describe('titles with hidden characters (item 8)', () => {
  it('strips direction overrides and control characters from imported titles and names', async () => {
    const outcome = await importFile(
      fileWith({
        tasks: [taskRow({ title: 'invoice\u202Egnp.exe\u0007' })],
        categories: [
          {
            id: 'cat',
            name: 'Wo\u2066rk\u2069',
            color: '#336699',
            createdAt: iso(NOW),
            updatedAt: iso(NOW),
            rev: 1,
            vectorClock: { laptop: 1 },
          },
        ],
      }),
    );
    expect(outcome.imported).toMatch(/2 added/);
    expect((await db.tasks.get('imported-task'))!.title).toBe('invoicegnp.exe');
    expect((await db.categories.get('cat'))!.name).toBe('Work');
  });

  it('refuses them in a name the person types, saying why', async () => {
    const result = await dispatch(
      db,
      'save_category',
      { name: 'Home\u202E', color: '#336699' },
      { source: 'user' },
    );
    expect(result.success).toBe(false);
    expect(result.output).toMatch(/invisible direction marks/);
    expect(await db.categories.count()).toBe(0);
  });
});

describe('which row wins an import (item 2)', () => {
  it('keeps a newer local title over an older one written with +14:00', async () => {
    const taskId = await createTask(db, 'First title');
    await userWrite(db, 'set_task_title', { title: 'Newer local title' }, { taskId });
    const local = (await db.tasks.get(taskId))!;
    // Ten hours before the local edit, written in +14:00: as text it sorts after it.
    const older = new Date(Date.parse(local.updatedAt) - 10 * 3_600_000);
    const plus14 = `${new Date(older.getTime() + 14 * 3_600_000).toISOString().slice(0, 19)}+14:00`;
    expect(plus14 > local.updatedAt).toBe(true);
    const remote = {
      ...local,
      title: 'Older remote title',
      updatedAt: plus14,
      vectorClock: { 'other-device': 4 },
      fieldWrites: { title: { at: plus14, by: 'other-device' } },
    };
    const outcome = await importFile(fileWith({ tasks: [remote] }));
    expect(outcome.imported).toBeDefined();
    expect((await db.tasks.get(taskId))!.title).toBe('Newer local title');
  });

  it('stores times with an offset in UTC', async () => {
    await importFile(fileWith({ tasks: [taskRow({ updatedAt: '2026-03-01T06:00:00+14:00' })] }));
    expect((await db.tasks.get('imported-task'))!.updatedAt).toBe('2026-02-28T16:00:00.000Z');
  });

  it('treats a row dated 9999 as written on arrival: a later local edit is not overwritten', async () => {
    const taskId = await createTask(db, 'Local title');
    const local = (await db.tasks.get(taskId))!;
    const future = '9999-12-31T23:59:59.000Z';
    const file = fileWith({
      tasks: [
        {
          ...local,
          title: 'From the far future',
          updatedAt: future,
          vectorClock: { 'other-device': 1 },
          fieldWrites: { title: { at: future, by: 'other-device' } },
        },
      ],
    });
    await importFile(file);
    const imported = (await db.tasks.get(taskId))!;
    expect(imported.title).toBe('From the far future');
    expect(Date.parse(imported.updatedAt)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(imported.fieldWrites!.title!.at)).toBeLessThanOrEqual(Date.now());

    await userWrite(db, 'set_task_title', { title: 'Edited here later' }, { taskId });
    await importFile(file);
    expect((await db.tasks.get(taskId))!.title).toBe('Edited here later');
  });

  it('changes nothing when a journal is imported into itself', async () => {
    await createTask(db, 'Mine');
    const before = await journalSnapshot(db);
    const outcome = await importFile(await exportJournal(db));
    expect(outcome.imported).toMatch(/0 added, 0 updated, 1 already up to date/);
    expect(await journalSnapshot(db)).toEqual(before);
  });
});

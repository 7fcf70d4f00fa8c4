import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryRow } from '../../test/support/factories';
import { createTestDatabase } from '../../test/support/test-database';
import type { CountersignDatabase } from '../db/database';
import type { JournalEntry } from '../domain/journal-entry';
import { ENTRY_BUDGET_CHARACTERS, readPromptEntries } from './prompt-entries';

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

/** Entries of `task`, one minute apart, the last one newest; each `length` characters. */
async function addEntries(
  count: number,
  {
    task = 'task-1',
    length = 1_000,
    deleted = (_index: number): boolean => false,
  }: { task?: string; length?: number; deleted?: (index: number) => boolean } = {},
): Promise<JournalEntry[]> {
  const rows = Array.from({ length: count }, (_, index) =>
    entryRow({
      taskId: task,
      text: `${index}`.padEnd(length, '.'),
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
      ...(deleted(index) ? { deletedAt: '2026-02-01T00:00:00.000Z' } : {}),
    }),
  );
  await db.entries.bulkAdd(rows);
  return rows;
}

const read = (taskId = 'task-1') =>
  db.transaction('r', db.entries, () => readPromptEntries(db, taskId));
const firstWords = (entries: JournalEntry[]) => entries.map((entry) => entry.text.split('.')[0]);

describe('the entries a wake puts in its prompt', () => {
  it('takes the newest live entries that fit the budget and says older ones were left out', async () => {
    await addEntries(10);
    await addEntries(3, { task: 'another task' });
    const { entries, olderLeftOut } = await read();
    // 6 of 1,000 characters fit in 6,000; the 7th would not.
    expect(firstWords(entries)).toEqual(['9', '8', '7', '6', '5', '4']);
    expect(olderLeftOut).toBe(true);
  });

  it('skips deleted entries, wherever they are', async () => {
    await addEntries(12, { deleted: (index) => index === 11 || index === 9 || index === 1 });
    const { entries, olderLeftOut } = await read();
    expect(firstWords(entries)).toEqual(['10', '8', '7', '6', '5', '4']);
    expect(olderLeftOut).toBe(true);
  });

  it('shows the newest entry even when it alone is over the budget, clipped', async () => {
    await addEntries(2, { length: ENTRY_BUDGET_CHARACTERS * 2 });
    const { entries, olderLeftOut } = await read();
    expect(entries).toHaveLength(1);
    expect(entries[0]!.text).toHaveLength(ENTRY_BUDGET_CHARACTERS + 1);
    expect(entries[0]!.text.endsWith('…')).toBe(true);
    expect(olderLeftOut).toBe(true);
  });

  it('says nothing is left out of a journal that fits, even when only deleted entries are older', async () => {
    await addEntries(3, { length: 100 });
    expect(await read()).toMatchObject({ olderLeftOut: false });
    expect((await read()).entries).toHaveLength(3);
    expect(await read('no entries')).toEqual({ entries: [], olderLeftOut: false });
    await addEntries(4, { task: 'fits', length: 2_000, deleted: (index) => index === 0 });
    expect(await read('fits')).toMatchObject({ olderLeftOut: false });
  });

  it("reads a budget's worth of rows, not the task's whole history", async () => {
    await addEntries(2_000, { length: 500, deleted: (index) => index % 10 === 0 });
    let rowsRead = 0;
    db.entries.hook('reading', (row) => ((rowsRead += 1), row));
    const { entries, olderLeftOut } = await read();
    // 12 of 500 characters fit; the cursor stops one live entry past them, having passed
    // the deleted ones among them.
    expect(entries).toHaveLength(12);
    expect(olderLeftOut).toBe(true);
    expect(rowsRead).toBeLessThanOrEqual(15);
  });
});

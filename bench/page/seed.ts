/**
 * Section 1: the seeded journal, written through the seeding helper (src/db/seed-rows.ts):
 * every row parsed with the app's schema, then bulk-written in chunks of SEED_CHUNK_SIZE
 * rows, one transaction each, as an import of this size would be written without holding
 * one huge transaction (and its memory) open. Entries and checklist items are written as
 * they are generated, so a 10× seed never holds its 500,000 entries at once.
 */
import { SETTING_KEYS } from '../../src/db/setting-keys';
import { getDatabase } from '../../src/db/connection';
import {
  SEED_CHUNK_SIZE,
  clearJournalRows,
  seedRows,
  type SeedTable,
  type SeedTiming,
} from '../../src/db/seed-rows';
import { writeSetting } from '../../src/db/settings';
import type { JournalRows } from '../../src/domain/journal';
import { generateJournal, type GeneratedJournal, type SeedSize } from './generate';

export type { SeedSize } from './generate';

export interface ProbeTask {
  id: string;
  title: string;
  entryCount: number;
  checklistCount: number;
  /** The first line of each entry (at most 60 characters), newest first: what the task page must show. */
  entrySnippets: string[];
}

type CountedTable = SeedTable;

export interface SeedReport {
  counts: Record<CountedTable, number>;
  generateMs: number;
  validateMs: number;
  clearMs: number;
  writeMs: number;
  /** The write time per table (categories and labels are a handful of rows). */
  writeMsByTable: Record<'tasks' | 'entries' | 'checklistItems', number>;
  chunkSize: number;
  /** Readwrite transactions the writes took (one per chunk and table). */
  transactions: number;
  averageEntryCharacters: number;
  averageTaskTitleCharacters: number;
  /** Tasks with ten entries and a few checklist items, for the task page measurement. */
  probeTasks: ProbeTask[];
  /** Seeded tasks nobody else touches, for the write measurements. */
  spareTaskIds: string[];
}

/** Sums the seeding helper's timings per table. */
function createTally() {
  const counts: Record<CountedTable, number> = {
    categories: 0,
    labels: 0,
    tasks: 0,
    entries: 0,
    checklistItems: 0,
  };
  const writeMsByTable: Record<CountedTable, number> = { ...counts };
  const totals = { parseMs: 0, writeMs: 0, transactions: 0 };
  const add = (table: CountedTable, timing: SeedTiming) => {
    counts[table] += timing.rows;
    writeMsByTable[table] += timing.writeMs;
    totals.parseMs += timing.parseMs;
    totals.writeMs += timing.writeMs;
    totals.transactions += timing.transactions;
  };
  return { counts, writeMsByTable, totals, add };
}

/**
 * Clears the journal and seeds `size`. `chunkSize` (rows per transaction) is for
 * experiments: 2,000 and 10,000 write at the same speed, the time goes into the rows.
 */
export async function seedJournal(size: SeedSize & { chunkSize?: number }): Promise<SeedReport> {
  const chunkSize = size.chunkSize ?? SEED_CHUNK_SIZE;
  const db = getDatabase();
  await db.open();

  let started = performance.now();
  const journal = generateJournal(size);
  let generateMs = performance.now() - started;
  const probes = chooseTasksForMeasurement(journal);

  // The first open imported the sample journal through the app's first-run path; drop it
  // (and its ledger and audit rows) so the journal holds exactly the seeded size.
  started = performance.now();
  await clearJournalRows(db);
  const clearMs = performance.now() - started;

  const tally = createTally();
  const write = async <T extends SeedTable>(table: T, rows: readonly JournalRows[T][]) =>
    tally.add(table, await seedRows(db, table, rows, { chunkSize }));
  await write('categories', journal.categories);
  await write('labels', journal.labels);
  await write('tasks', journal.tasks);

  const pending: {
    entries: JournalRows['entries'][];
    checklistItems: JournalRows['checklistItems'][];
  } = { entries: [], checklistItems: [] };
  const flush = async (table: 'entries' | 'checklistItems', all: boolean) => {
    const buffer = pending[table];
    while (buffer.length >= chunkSize || (all && buffer.length > 0))
      await write(table, buffer.splice(0, chunkSize));
  };
  let entryCharacters = 0;
  const rows = journal.rowsByTask();
  for (;;) {
    started = performance.now();
    const next = rows.next();
    generateMs += performance.now() - started;
    if (next.done) break;
    const { taskIndex, entries, checklistItems } = next.value;
    for (const entry of entries) entryCharacters += entry.text.length;
    probes.collectEntries(taskIndex, entries);
    pending.entries.push(...entries);
    pending.checklistItems.push(...checklistItems);
    await flush('checklistItems', false);
    await flush('entries', false);
  }
  await flush('checklistItems', true);
  await flush('entries', true);

  // Without this the next start would import the sample journal on top (see first-run.ts).
  await writeSetting(db, SETTING_KEYS.sampleJournalSeededAt, new Date().toISOString());

  return {
    counts: tally.counts,
    generateMs,
    validateMs: tally.totals.parseMs,
    clearMs,
    writeMs: tally.totals.writeMs,
    writeMsByTable: {
      tasks: tally.writeMsByTable.tasks,
      entries: tally.writeMsByTable.entries,
      checklistItems: tally.writeMsByTable.checklistItems,
    },
    chunkSize,
    transactions: tally.totals.transactions,
    averageEntryCharacters: Math.round(entryCharacters / Math.max(1, tally.counts.entries)),
    averageTaskTitleCharacters: Math.round(
      journal.tasks.reduce((sum, task) => sum + task.title.length, 0) /
        Math.max(1, journal.tasks.length),
    ),
    probeTasks: probes.probeTasks(),
    spareTaskIds: probes.spareTaskIds,
  };
}

/**
 * "About ten entries and some checklist items", closest first, chosen from the counts
 * before any entry exists; their entries are collected as they are generated.
 */
function chooseTasksForMeasurement(journal: GeneratedJournal) {
  const distance = (taskIndex: number) => {
    const entries = journal.entryCounts[taskIndex]!;
    const items = journal.checklistCounts[taskIndex]!;
    return (
      Math.abs(entries - 10) * 10 +
      (items >= 4 && items <= 10 ? 0 : Math.min(Math.abs(items - 4), Math.abs(items - 10)))
    );
  };
  const probeIndexes = journal.tasks
    .map((_, taskIndex) => taskIndex)
    .sort((a, b) => distance(a) - distance(b))
    .slice(0, 8);
  const entriesByProbe = new Map<number, { createdAt: string; text: string }[]>(
    probeIndexes.map((taskIndex) => [taskIndex, []]),
  );
  const probeIds = new Set(probeIndexes.map((taskIndex) => journal.tasks[taskIndex]!.id));
  return {
    collectEntries(taskIndex: number, entries: readonly { createdAt: string; text: string }[]) {
      entriesByProbe.get(taskIndex)?.push(...entries);
    },
    probeTasks: (): ProbeTask[] =>
      probeIndexes.map((taskIndex) => {
        const task = journal.tasks[taskIndex]!;
        const entries = [...entriesByProbe.get(taskIndex)!].sort((a, b) =>
          b.createdAt.localeCompare(a.createdAt),
        );
        return {
          id: task.id,
          title: task.title,
          entryCount: entries.length,
          checklistCount: journal.checklistCounts[taskIndex]!,
          entrySnippets: entries.map((entry) => entry.text.split('\n')[0]!.slice(0, 60).trim()),
        };
      }),
    spareTaskIds: journal.tasks
      .filter((task) => !probeIds.has(task.id))
      .slice(-10)
      .map((task) => task.id),
  };
}

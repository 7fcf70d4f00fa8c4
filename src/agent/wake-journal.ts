/**
 * The journal as one wake's proposals read it: the rows its context read at the start,
 * then each other row read once. So a turn of twenty proposals on the task reads the task
 * no more than once, and not at all when the context already has it; and a proposal's
 * base (what staleness compares with at confirmation) is the value the model was shown.
 * When the wake changes the journal itself (an immediate tool applied), `forget()` drops
 * every row, so later proposals see that change.
 */
import { createJournalReader } from '../db/journal-store';
import type { CountersignDatabase } from '../db/database';
import type { Category, Label } from '../domain/category';
import type { ChecklistItem } from '../domain/checklist-item';
import type { JournalReader } from '../domain/journal-access';
import type { JournalRows, JournalTable } from '../domain/journal';
import type { Task } from '../domain/task';

export interface WakeJournal extends JournalReader {
  /** Drops every row read so far: the next read of each goes to IndexedDB again. */
  forget(): void;
}

/** What the wake's context read: live rows only, as JournalReader returns them. */
export interface WakeJournalSeed {
  task: Task;
  checklist: readonly ChecklistItem[];
  labels: readonly Label[];
  categories: readonly Category[];
}

export function createWakeJournal(db: CountersignDatabase, seed?: WakeJournalSeed): WakeJournal {
  const stored = createJournalReader(db);
  let cache = new Map<string, Promise<unknown>>();

  const seedWith = (rows: WakeJournalSeed) => {
    const set = (key: string, value: unknown) => cache.set(key, Promise.resolve(value));
    set(`task:${rows.task.id}`, rows.task);
    set(`row:tasks:${rows.task.id}`, rows.task);
    set(`checklistItems:${rows.task.id}`, [...rows.checklist]);
    set('labels', [...rows.labels]);
    set('categories', [...rows.categories]);
    for (const item of rows.checklist) set(`checklistItem:${item.id}`, item);
    for (const label of rows.labels) set(`label:${label.id}`, label);
    for (const category of rows.categories) set(`category:${category.id}`, category);
  };
  if (seed) seedWith(seed);

  function once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let value = cache.get(key) as Promise<T> | undefined;
    if (!value) {
      value = read();
      cache.set(key, value);
      // A failed read is not kept: the next one tries IndexedDB again.
      const kept = cache;
      value.catch(() => kept.delete(key));
    }
    // A list is the caller's to sort or change, as a fresh read's would be: a copy each time.
    return value.then((rows) => (Array.isArray(rows) ? ([...rows] as T) : rows));
  }

  return {
    task: (id) => once(`task:${id}`, () => stored.task(id)),
    checklistItems: (taskId) =>
      once(`checklistItems:${taskId}`, () => stored.checklistItems(taskId)),
    checklistItem: (id) => once(`checklistItem:${id}`, () => stored.checklistItem(id)),
    entry: (id) => once(`entry:${id}`, () => stored.entry(id)),
    labels: () => once('labels', () => stored.labels()),
    label: (id) => once(`label:${id}`, () => stored.label(id)),
    categories: () => once('categories', () => stored.categories()),
    category: (id) => once(`category:${id}`, () => stored.category(id)),
    storedRow: <T extends JournalTable>(table: T, id: string) =>
      once(`row:${table}:${id}`, () => stored.storedRow(table, id)),
    // Many rows at once are an import's or an undo's read, never a wake's: not kept.
    storedRows: <T extends JournalTable>(table: T, ids: readonly string[]) =>
      stored.storedRows(table, ids) as Promise<(JournalRows[T] | undefined)[]>,
    forget: () => {
      cache = new Map();
    },
  };
}

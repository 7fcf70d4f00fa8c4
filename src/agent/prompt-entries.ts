/**
 * The journal entries a wake puts in its prompt: the newest live ones of the task, within
 * a character budget, and whether older live ones were left out. It reads a budget's worth
 * of rows, newest first, and stops: a wake on a task with years of entries costs what a
 * wake on a young task costs. (It does not count the rest: IndexedDB counts row by row,
 * which at 2,000 entries cost more than the whole context read of a young task.)
 */
import type { CountersignDatabase } from '../db/database';
import { newestLiveEntries } from '../db/queries/journal';
import type { JournalEntry } from '../domain/journal-entry';

export const ENTRY_BUDGET_CHARACTERS = 6_000;

export interface PromptEntries {
  /** Newest first; the first always, clipped to the budget if it alone exceeds it. */
  entries: JournalEntry[];
  /** Live entries older than those exist and were left out. */
  olderLeftOut: boolean;
}

/** Inside the caller's read transaction, which must span `entries`. */
export async function readPromptEntries(
  db: CountersignDatabase,
  taskId: string,
): Promise<PromptEntries> {
  let used = 0;
  const { entries, more } = await newestLiveEntries(db, taskId, (entry, taken) => {
    if (taken > 0 && used + entry.text.length > ENTRY_BUDGET_CHARACTERS) return false;
    used += entry.text.length;
    return true;
  });
  return { entries: entries.map(clipped), olderLeftOut: more };
}

function clipped(entry: JournalEntry): JournalEntry {
  return entry.text.length > ENTRY_BUDGET_CHARACTERS
    ? { ...entry, text: `${entry.text.slice(0, ENTRY_BUDGET_CHARACTERS)}…` }
    : entry;
}

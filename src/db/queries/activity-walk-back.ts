import type { Collection, IndexableType } from 'dexie';

/** What a budgeted walk back through time found. */
export interface WalkedBack<T> {
  rows: T[];
  /**
   * Set when the walk stopped at its budget with a short page: how many rows it read,
   * and the time of the oldest of them.
   */
  searched?: { messages: number; back: string };
}

/**
 * The newest `count` rows of `newestFirst` (a collection walking a time index backwards)
 * that `matches`, reading at most `budget` rows: a filter no index serves costs that many
 * reads at most, never the whole table; the caller searches further back when asked.
 */
export async function walkBack<T, K extends IndexableType, I>(
  newestFirst: Collection<T, K, I>,
  timeOf: (row: T) => string,
  matches: (row: T) => boolean,
  count: number,
  budget: number,
): Promise<WalkedBack<T>> {
  let read = 0;
  let oldestRead = '';
  let stopped = false;
  const rows = await newestFirst
    .until((row) => {
      if (read >= budget) {
        stopped = true;
        return true;
      }
      read += 1;
      oldestRead = timeOf(row);
      return false;
    })
    .filter(matches)
    .limit(count)
    .toArray();
  // A full page means there is more either way; "searched" is for a page that is short.
  if (!stopped || rows.length === count) return { rows };
  return { rows, searched: { messages: read, back: oldestRead } };
}

/**
 * Running totals kept in the same transactions as what they count, so the navigation
 * badge reads one row instead of counting (IndexedDB counts row by row).
 */
import type { CountersignDatabase } from './database';

export type TallyKey = 'pendingItems' | 'pendingSets';

async function readTally(db: CountersignDatabase, key: TallyKey): Promise<number> {
  return (await db.tallies.get(key))?.value ?? 0;
}

/**
 * Must run inside a readwrite transaction over `tallies`. Never goes below zero. Given
 * `current` (the values as read earlier in the same transaction), it only writes.
 * Resolves with the values written.
 */
export async function addToTallies(
  db: CountersignDatabase,
  deltas: Partial<Record<TallyKey, number>>,
  current?: Readonly<Record<TallyKey, number>>,
): Promise<Partial<Record<TallyKey, number>>> {
  const keys = (Object.keys(deltas) as TallyKey[]).filter((key) => deltas[key] !== 0);
  if (keys.length === 0) return {};
  const values = current
    ? keys.map((key) => current[key])
    : (await db.tallies.bulkGet(keys)).map((row) => row?.value ?? 0);
  const rows = keys.map((key, index) => ({
    key,
    value: Math.max(0, values[index]! + (deltas[key] ?? 0)),
  }));
  await db.tallies.bulkPut(rows);
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** Both tallies, in one request. */
export async function readTallies(db: CountersignDatabase): Promise<Record<TallyKey, number>> {
  const [items, sets] = await db.tallies.bulkGet(['pendingItems', 'pendingSets']);
  return { pendingItems: items?.value ?? 0, pendingSets: sets?.value ?? 0 };
}

export interface PendingCounts {
  /** Items waiting in the inbox. */
  items: number;
  /** Change sets (one per task at a time) with an item waiting. */
  sets: number;
}

/** How many items wait for review: two maintained rows, never a count over the items. */
export async function countPendingItems(db: CountersignDatabase): Promise<PendingCounts> {
  const [items, sets] = await Promise.all([
    readTally(db, 'pendingItems'),
    readTally(db, 'pendingSets'),
  ]);
  return { items, sets };
}

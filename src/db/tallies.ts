/**
 * Running totals kept in the same transactions as what they count, so the navigation
 * badge reads one row instead of counting (IndexedDB counts row by row).
 */
import type { CountersignDatabase } from './database';

export type TallyKey = 'pendingItems' | 'pendingSets';

async function readTally(db: CountersignDatabase, key: TallyKey): Promise<number> {
  return (await db.tallies.get(key))?.value ?? 0;
}

/** Must run inside a readwrite transaction over `tallies`. Never goes below zero. */
export async function addToTallies(
  db: CountersignDatabase,
  deltas: Partial<Record<TallyKey, number>>,
): Promise<void> {
  const keys = (Object.keys(deltas) as TallyKey[]).filter((key) => deltas[key] !== 0);
  if (keys.length === 0) return;
  const rows = await db.tallies.bulkGet(keys);
  await db.tallies.bulkPut(
    keys.map((key, index) => ({
      key,
      value: Math.max(0, (rows[index]?.value ?? 0) + (deltas[key] ?? 0)),
    })),
  );
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

/**
 * The agent device's rolling window over the rows only it keeps (decision 0014, "Its memory
 * stays flat"). Its store is in memory, so every row it keeps is heap: without a bound each
 * wake left about 14 kB behind for good (its wake row, its audit, the ledger row and the
 * applied-here record of the edit that woke it, its push record).
 *
 * Nothing synced is touched: the journal, change sets and items, decisions, reports,
 * observations, devices and the decision claims stay whole, so every wake hears every
 * decision and open proposal, and a snapshot this device writes holds the whole journal.
 * Deleting a row here writes no operation, so nothing goes to another device. What goes
 * is bookkeeping no wake reads:
 *
 * - wakes: the newest ones stay (a task's latest wake tells the auto-wake rules what the
 *   agent wrote itself; a running one is never removed);
 * - audit messages: Activity's trail, which nobody opens on an agent device;
 * - the ledger (`mutations`): undo and the auto-wake watch read it; the device undoes
 *   nothing, and each task's watch has taken in every operation by the time the device
 *   is idle, the only time the window moves;
 * - applied-here records (`syncApplied`): the feed never delivers what lies at or below
 *   its cursor again, and a restart starts from a snapshot without them anyway;
 * - push records: one that landed and that the feed has passed since (its bound in the
 *   state file is at or below the cursor). A restart seeds them again from the state file.
 *
 * A table is cut back to its bound once it holds a quarter more, so the work is done once
 * in a while, not after every wake.
 */
import type { CountersignDatabase } from '../db/database';
import type { Pushed } from './pushed-operations';

export interface LocalRowBounds {
  wakes: number;
  auditMessages: number;
  mutations: number;
  syncApplied: number;
}

/**
 * Generous for what reads them (a task's newest wake; at idle no watch waits for an
 * operation), and small enough to be full within the first few hundred wakes: a wake adds
 * about one wake row, six audit messages, two ledger rows and one applied-here record.
 */
const LOCAL_ROW_BOUNDS: LocalRowBounds = {
  wakes: 100,
  auditMessages: 500,
  mutations: 250,
  syncApplied: 250,
};

const SLACK = 1.25;

const over = (count: number, bound: number) => (count > bound * SLACK ? count - bound : 0);

/**
 * Cuts the local tables back to their bounds. Call it only while the device is idle (no
 * wake running or waiting, the outbox empty): then nothing in flight needs what goes.
 */
export async function trimLocalRows(
  db: CountersignDatabase,
  pushed: Pushed,
  cursor: number,
  bounds: LocalRowBounds = LOCAL_ROW_BOUNDS,
): Promise<number> {
  const removed = await Promise.all([
    trimWakes(db, bounds.wakes),
    trimOldest(db, 'auditMessages', bounds.auditMessages),
    trimLedger(db, bounds.mutations),
    trimApplied(db, bounds.syncApplied),
    trimPushes(db, pushed, cursor),
  ]);
  return removed.reduce((sum, each) => sum + each, 0);
}

async function trimOldest(db: CountersignDatabase, table: 'auditMessages', bound: number) {
  const extra = over(await db[table].count(), bound);
  if (extra === 0) return 0;
  const keys = await db[table].orderBy('createdAt').limit(extra).primaryKeys();
  await db[table].bulkDelete(keys);
  return keys.length;
}

async function trimWakes(db: CountersignDatabase, bound: number) {
  const extra = over(await db.wakes.count(), bound);
  if (extra === 0) return 0;
  const oldest = await db.wakes.orderBy('startedAt').limit(extra).toArray();
  const keys = oldest.filter((wake) => wake.status !== 'running').map((wake) => wake.id);
  await db.wakes.bulkDelete(keys);
  return keys.length;
}

async function trimLedger(db: CountersignDatabase, bound: number) {
  const extra = over(await db.mutations.count(), bound);
  if (extra === 0) return 0;
  // A push that did not land may still need its ledger row (a lost claim is taken back from it).
  const unsettled = new Set(await db.syncPushes.where('state').notEqual('applied').primaryKeys());
  const keys = (await db.mutations.orderBy('createdAt').limit(extra).primaryKeys()).filter(
    (key) => !unsettled.has(key),
  );
  await db.mutations.bulkDelete(keys);
  return keys.length;
}

async function trimApplied(db: CountersignDatabase, bound: number) {
  const extra = over(await db.syncApplied.count(), bound);
  if (extra === 0) return 0;
  // No index by sequence: the table is read whole, at most a quarter over its bound.
  const rows = await db.syncApplied.toArray();
  const keys = rows
    .sort((a, b) => a.seq - b.seq)
    .slice(0, extra)
    .map((row) => row.operationId);
  await db.syncApplied.bulkDelete(keys);
  return keys.length;
}

/**
 * Its own landed operations the feed has passed: the state file keeps every one a restart
 * may replay, with the stream's head read after it landed (`bound`), so one bounded at or
 * below the cursor was delivered back already, and one the list no longer names lies below
 * a snapshot. An entry without a bound (the head could not be read) stays.
 */
async function trimPushes(db: CountersignDatabase, pushed: Pushed, cursor: number) {
  const waiting = new Set(
    pushed.flatMap((entry) =>
      typeof entry === 'string' ? [entry] : entry.bound > cursor ? [entry.id] : [],
    ),
  );
  const applied = await db.syncPushes.where('state').equals('applied').primaryKeys();
  const keys = applied.filter((key) => !waiting.has(key));
  if (keys.length > 0) await db.syncPushes.bulkDelete(keys);
  return keys.length;
}

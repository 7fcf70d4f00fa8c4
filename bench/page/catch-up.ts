/**
 * Section 9's floors for catch-up: the rows catch-up wrote (read back after it), written
 * again under fresh keys with one bulkPut per table in one transaction, timed, then deleted
 * untimed. Twice: every row it wrote (journal rows and bookkeeping), and the journal rows
 * alone. Catch-up's own time divided by these says what the code costs beyond the rows.
 */
import { getDatabase } from '../../src/db/connection';
import { timedCopies, type WrittenRows } from './timed-copies';

/** Rows whose id starts with `entryPrefix`, and the sync bookkeeping written since `since`. */
export async function measureCatchUpFloors(options: { entryPrefix: string; since: string }) {
  const db = getDatabase();
  const entries = await db.entries.where('id').startsWith(options.entryPrefix).toArray();
  const [applied, mutations, audit, cursor] = await Promise.all([
    db.syncApplied.filter((row) => row.appliedAt >= options.since).toArray(),
    db.mutations.filter((row) => row.source === 'sync' && row.createdAt >= options.since).toArray(),
    db.auditMessages
      .filter((row) => row.source === 'sync' && row.createdAt >= options.since)
      .toArray(),
    db.syncState.get('cursor'),
  ]);
  const every: WrittenRows = [
    ['entries', entries],
    ['syncApplied', applied],
    ['mutations', mutations],
    ['auditMessages', audit],
    ['syncState', cursor ? [cursor] : []],
  ] as unknown as WrittenRows;
  const counts = Object.fromEntries(every.map(([table, rows]) => [table, rows.length]));
  const everyMs = await timedCopies(db, every);
  const journalMs = await timedCopies(db, [every[0]!]);
  return { counts, everyMs, journalMs };
}

/**
 * What a snapshot at S holds: every synced row as this device has it, read in one
 * transaction with the cursor and the outbox. Only while the outbox is empty: then every
 * change this device made has landed at or below the cursor, and the rows are exactly
 * the stream up to S. A change that has not landed (or that the person chose to skip)
 * never reaches other devices through a snapshot.
 */
import type { CountersignDatabase } from '../../db/database';
import { SYNC_TABLES } from '../../domain/sync-envelope';
import { readCursor } from '../incoming/apply-incoming';
import type { SnapshotRow } from './write-snapshot';

export type SnapshotRead =
  { ok: true; sequence: number; rows: SnapshotRow[] } | { ok: false; reason: string };

export async function readSnapshotRows(db: CountersignDatabase): Promise<SnapshotRead> {
  const tables = SYNC_TABLES.map((name) => db.table(name));
  return db.transaction('r', [...tables, db.outbox, db.syncState], async () => {
    const waiting = await db.outbox.count();
    if (waiting > 0) {
      return {
        ok: false,
        reason: `${waiting === 1 ? 'A change' : `${waiting} changes`} of this device have not reached the server yet. A snapshot is written once they have.`,
      };
    }
    const [sequence, ...contents] = await Promise.all([
      readCursor(db),
      ...tables.map((table) => table.toArray() as Promise<Record<string, unknown>[]>),
    ]);
    const rows = contents.flatMap((stored, index) =>
      stored.map((row) => ({ table: SYNC_TABLES[index]!, id: String(row.id), row })),
    );
    return { ok: true, sequence, rows };
  });
}

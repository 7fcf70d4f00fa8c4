/**
 * What a snapshot at S holds: every synced row as this device has it, and the decision
 * claims it knows up to S, read in one transaction with the cursor and the outbox. Only while the outbox is empty: then every
 * change this device made has landed at or below the cursor, and the rows are exactly
 * the stream up to S. A change that has not landed (or that the person chose to skip)
 * never reaches other devices through a snapshot.
 */
import type { CountersignDatabase } from '../../db/database';
import { CLAIMS_TABLE, SYNC_TABLES } from '../../domain/sync-envelope';
import { readCursor } from '../incoming/apply-incoming';
import type { SnapshotRow } from './write-snapshot';

export type SnapshotRead =
  { ok: true; sequence: number; rows: SnapshotRow[] } | { ok: false; reason: string };

export async function readSnapshotRows(db: CountersignDatabase): Promise<SnapshotRead> {
  const tables = SYNC_TABLES.map((name) => db.table(name));
  return db.transaction('r', [...tables, db.outbox, db.syncState, db.syncClaims], async () => {
    const waiting = await db.outbox.count();
    if (waiting > 0) {
      return {
        ok: false,
        reason: `${waiting === 1 ? 'A change' : `${waiting} changes`} of this device have not reached the server yet. A snapshot is written once they have.`,
      };
    }
    const [sequence, claims, ...contents] = await Promise.all([
      readCursor(db),
      db.syncClaims.toArray(),
      ...tables.map((table) => table.toArray() as Promise<Record<string, unknown>[]>),
    ]);
    const rows: SnapshotRow[] = contents.flatMap((stored, index) =>
      stored.map((row) => ({ table: SYNC_TABLES[index]!, id: String(row.id), row })),
    );
    // The claims up to S, so a device that starts from it knows what was decided even once
    // compaction removed the claim subjects (decision 0011).
    for (const claim of claims) {
      if (claim.seq <= sequence) rows.push({ table: CLAIMS_TABLE, id: claim.id, row: claim });
    }
    return { ok: true, sequence, rows };
  });
}

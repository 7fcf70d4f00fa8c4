/**
 * When sync starts on a device for the first time, what it wrote before is handed to the
 * outbox as operations: every synced row, in chunks of 500 rows, in table order (tasks
 * before their checklist items, change sets before their items). Without this step a
 * device that kept no outbox before sync was set up (decisions/0010) would send nothing
 * it wrote then. Operations rather than a snapshot: devices already past the stream's end
 * never load a snapshot, and must still receive this journal. Each row keeps its vector
 * clock, so where another device has the same row, the merge rule decides as for any
 * remote operation. Sample rows nobody changed stay on this device (each device seeds its own).
 *
 * One transaction reads the rows, marks the outbox kept and writes the chunks: a write
 * before it is in the rows, a write after it has its own outbox row. A device that synced
 * before this rule (it has a cursor or pushes) kept its outbox all along and is only marked.
 */
import type { CountersignDatabase } from '../../db/database';
import { keepOutbox, outboxKeptMark } from '../../db/sync-settings';
import type { OutboxRow } from '../../domain/outbox-row';
import { SAMPLE_JOURNAL_DEVICE } from '../../domain/sample-journal';
import { SYNC_TABLES } from '../../domain/sync-envelope';

const ROWS_PER_OPERATION = 500;

/**
 * A sample row nobody changed: every device seeds the same samples on its first open and
 * keeps its own copy, as before this step (their import operation had one id everywhere).
 */
function untouchedSample(row: Record<string, unknown>): boolean {
  const clock = row.vectorClock as Record<string, number> | undefined;
  return (
    clock !== undefined && Object.keys(clock).length === 1 && clock[SAMPLE_JOURNAL_DEVICE] === 1
  );
}

/** Returns how many operations it queued (0 when the journal was handed over before). */
export async function publishJournalOnce(db: CountersignDatabase, now: string): Promise<number> {
  const tables = SYNC_TABLES.map((name) => db.table(name));
  return db.transaction('rw', [db.settings, db.syncState, db.outbox, ...tables], async () => {
    if (await outboxKeptMark(db)) return 0;
    await keepOutbox(db);
    const [cursor, pushed] = await Promise.all([
      db.syncState.get('cursor'),
      db.syncState.get('pushSequence'),
    ]);
    if (cursor !== undefined || pushed !== undefined) return 0;
    const contents = await Promise.all(
      tables.map((table) => table.toArray() as Promise<Record<string, unknown>[]>),
    );
    const diffs = contents
      .map((rows) => rows.filter((row) => !untouchedSample(row)))
      .flatMap((rows, index) =>
        rows.map((row) => ({
          table: SYNC_TABLES[index]!,
          id: String(row.id),
          before: null,
          after: row,
        })),
      );
    // Their effect is in the rows above; a decision's claim still has to be won.
    const covered = await db.outbox.filter((row) => row.claim === undefined).primaryKeys();
    await db.outbox.bulkDelete(covered);
    const batch = crypto.randomUUID();
    const rows: OutboxRow[] = [];
    for (let start = 0; start < diffs.length; start += ROWS_PER_OPERATION) {
      // One time for all, and ids in order: the outbox is read by time, then id.
      const number = String(rows.length).padStart(6, '0');
      rows.push({
        id: `journal-${batch}-${number}`,
        operationId: `journal-${batch}-${number}`,
        kind: 'journal',
        diffs: diffs.slice(start, start + ROWS_PER_OPERATION),
        createdAt: now,
      });
    }
    await db.outbox.bulkAdd(rows);
    return rows.length;
  });
}

/**
 * A floor: rows written again under fresh keys, one bulkPut per table in one transaction,
 * timed; then deleted, untimed, so nothing else in the bench sees them.
 */
import type { CountersignDatabase } from '../../src/db/database';
import { timed } from './timing';

export type WrittenRows = [table: string, rows: Record<string, unknown>[]][];

export async function timedCopies(db: CountersignDatabase, written: WrittenRows): Promise<number> {
  const keyPath = (table: string) => db.table(table).schema.primKey.keyPath as string;
  const copies: WrittenRows = written.map(([table, rows]) => [
    table,
    rows.map((row) => ({ ...row, [keyPath(table)]: crypto.randomUUID() })),
  ]);
  const tables = copies.map(([table]) => db.table(table));
  const ms = await timed(() =>
    db.transaction('rw', tables, () =>
      Promise.all(copies.map(([table, rows]) => db.table(table).bulkPut(rows))),
    ),
  );
  await db.transaction('rw', tables, () =>
    Promise.all(
      copies.map(([table, rows]) =>
        db.table(table).bulkDelete(rows.map((row) => row[keyPath(table)] as string)),
      ),
    ),
  );
  return ms;
}

/**
 * One row per import of a journal file (device-local, never synced or exported). A large
 * file is written in parts, each its own operation with its own ledger row (pre-images)
 * and outbox row (kind `import`); this row lists those operations under the import's id,
 * so "Undo import" can put back every part, even of an import that stopped half way.
 */
import type { CountersignDatabase } from './database';
import type { ImportRecord, ImportState } from './import-record';

/**
 * The newest import that wrote something, undone or not: Settings offers to undo it
 * (an import that found everything up to date has nothing to undo, and does not hide
 * the one before it).
 */
export async function latestImport(db: CountersignDatabase): Promise<ImportRecord | undefined> {
  return db.imports
    .orderBy('createdAt')
    .reverse()
    .filter((record) => record.operationIds.length > 0)
    .first();
}

export async function startImportRecord(
  db: CountersignDatabase,
  record: Pick<ImportRecord, 'id' | 'fileName' | 'createdAt' | 'totalRows'>,
): Promise<void> {
  await db.imports.put({ ...record, writtenRows: 0, operationIds: [], state: 'importing' });
}

/**
 * Inside the part's own transaction (its follow-up), so the part and its place in the
 * import commit together.
 */
export async function recordImportPart(
  db: CountersignDatabase,
  importId: string,
  part: { rows: number; changed: number; operationId: string | undefined },
): Promise<void> {
  const record = await db.imports.get(importId);
  if (!record) return;
  await db.imports.put({
    ...record,
    writtenRows: record.writtenRows + part.rows,
    changedRows: (record.changedRows ?? 0) + part.changed,
    operationIds: part.operationId
      ? [...record.operationIds, part.operationId]
      : record.operationIds,
  });
}

export async function setImportState(
  db: CountersignDatabase,
  importId: string,
  state: ImportState,
  now: string,
): Promise<void> {
  await db.imports.update(importId, state === 'undone' ? { state, undoneAt: now } : { state });
}

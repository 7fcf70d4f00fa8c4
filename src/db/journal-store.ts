/**
 * The journal as tool handlers see it, on top of one open Dexie transaction. Every
 * write is stamped (rev, updatedAt, vector clock), checked against its zod schema, and
 * recorded as a before/after diff: the raw material of audit, undo and sync.
 */
import type { EntityDiff } from '../domain/entity-diff';
import { newId } from '../domain/entity';
import { stampFieldWrites } from '../domain/field-writes';
import { EntityNotFoundError } from '../domain/errors';
import { JOURNAL_ROW_SCHEMAS as ROW_SCHEMAS } from '../domain/journal-row-schemas';
import type { JournalReader, JournalWriter } from '../domain/journal-access';
import type { JournalRows, JournalTable, NewRow, RowPatch } from '../domain/journal';
import { bumpClock, mergeClocks } from '../domain/vector-clock';
import type { CountersignDatabase } from './database';

type JournalRow = JournalRows[JournalTable];

const live = <T extends { deletedAt?: string }>(row: T | undefined): T | undefined =>
  row && row.deletedAt === undefined ? row : undefined;

const isLive = (row: { deletedAt?: string }) => row.deletedAt === undefined;

/** The checklist order the move tool and the task page use: `order`, ties by creation time. */
const byChecklistOrder = (
  a: { order: number; createdAt: string },
  b: { order: number; createdAt: string },
) => a.order - b.order || a.createdAt.localeCompare(b.createdAt);

/** Drops keys whose value is undefined, so rows stay free of explicit `undefined`. */
function compact<T extends object>(row: T): T {
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(row)) {
    const value = (row as Record<string, unknown>)[key];
    if (value !== undefined) result[key] = value;
  }
  return result as T;
}

export function createJournalReader(db: CountersignDatabase): JournalReader {
  return {
    task: async (id) => live(await db.tasks.get(id)),
    checklistItems: async (taskId) => {
      const items = await db.checklistItems.where('taskId').equals(taskId).toArray();
      return items.filter(isLive).sort(byChecklistOrder);
    },
    checklistItem: async (id) => live(await db.checklistItems.get(id)),
    entry: async (id) => live(await db.entries.get(id)),
    labels: async () => (await db.labels.toArray()).filter(isLive),
    label: async (id) => live(await db.labels.get(id)),
    categories: async () => (await db.categories.toArray()).filter(isLive),
    category: async (id) => live(await db.categories.get(id)),
    storedRow: async (table, id) =>
      (await db[table].get(id)) as JournalRows[typeof table] | undefined,
    storedRows: async (table, ids) =>
      (await db[table].bulkGet([...ids])) as (JournalRows[typeof table] | undefined)[],
  };
}

export interface JournalStore extends JournalWriter {
  /**
   * Every row written so far in this transaction, with its state before and after. The
   * rows are shared, not copied: nothing in the write path changes a row once it is read
   * or written, so the ledger and the outbox can clone them once, when IndexedDB stores them.
   */
  readonly diffs: EntityDiff[];
  /**
   * Sends the writes still queued to IndexedDB and resolves when every write of this
   * store has succeeded (rejects with the first failure). Call it once the handler is
   * done, before the transaction ends; the writes made after it (ledger, audit, outbox)
   * can be issued without waiting for it, in the same transaction.
   */
  flush(): Promise<void>;
  /**
   * Sends the writes still queued without waiting for them: what the transaction reads
   * next sees them, and `flush()` at its end reports whether they succeeded.
   */
  send(): void;
  /**
   * Starts the next call of the transaction (runSteps applies several on one store, so
   * later calls read what earlier ones wrote without a round trip): its time, whether its
   * writes are recorded as diffs, and a mark to read back only its diffs.
   */
  beginStep(step: { now: string; recordDiffs: boolean }): number;
  diffsSince(mark: number): EntityDiff[];
}

/**
 * Must be called inside a Dexie transaction that spans the journal tables, and used only
 * within it. Two things keep a dispatch to a few IndexedDB round trips:
 *
 * - Rows read or written are remembered by table and id, so the `update` that follows a
 *   handler's `task(id)` does not read the row again. This is sound because the readwrite
 *   transaction holds the journal tables: nothing else can change them until it ends.
 * - Writes are queued and sent as one `bulkPut` per table, when the handler reads a
 *   collection (so the query sees them: IndexedDB runs a transaction's requests in the
 *   order they were made) or at `flush()`. Nobody waits on a single row's put.
 */
export function createJournalStore(
  db: CountersignDatabase,
  initial: { deviceId: string; now: string; recordDiffs: boolean },
): JournalStore {
  const stamp = { ...initial };
  const diffs: EntityDiff[] = [];
  const known = new Map<string, JournalRow | undefined>();
  const queued = new Map<JournalTable, Map<string, JournalRow>>();
  const issued: Promise<unknown>[] = [];
  /**
   * A task's checklist as read once in this transaction, kept current with this store's
   * writes: the next read of it (the next item of a Confirm All) needs no request.
   */
  const checklists = new Map<string, Map<string, JournalRows['checklistItems']>>();
  const keyOf = (table: JournalTable, id: string) => `${table}/${id}`;

  function issue(table: JournalTable) {
    const rows = queued.get(table);
    if (!rows) return;
    queued.delete(table);
    const written = (
      db[table] as unknown as { bulkPut(rows: JournalRow[]): Promise<unknown> }
    ).bulkPut([...rows.values()]);
    // Observed by flush(); when the handler fails first, the transaction aborts anyway.
    written.catch(() => undefined);
    issued.push(written);
  }

  async function stored<T extends JournalTable>(
    table: T,
    id: string,
  ): Promise<JournalRows[T] | undefined> {
    const key = keyOf(table, id);
    // A row this store wrote is always known, so a miss never needs the queue sent first.
    if (known.has(key)) return known.get(key) as JournalRows[T] | undefined;
    const row = (await db[table].get(id)) as JournalRows[T] | undefined;
    known.set(key, row);
    return row;
  }

  /** Rows not yet known are read in one bulkGet (a Dexie request, so the transaction holds). */
  async function storedMany<T extends JournalTable>(
    table: T,
    ids: readonly string[],
  ): Promise<(JournalRows[T] | undefined)[]> {
    const missing = [...new Set(ids.filter((id) => !known.has(keyOf(table, id))))];
    if (missing.length > 0) {
      const rows = (await db[table].bulkGet(missing)) as (JournalRows[T] | undefined)[];
      missing.forEach((id, index) => known.set(keyOf(table, id), rows[index]));
    }
    return ids.map((id) => known.get(keyOf(table, id)) as JournalRows[T] | undefined);
  }

  /** A collection read: sends this table's queued writes first, so the query sees them. */
  async function query<T extends JournalTable>(
    table: T,
    read: () => Promise<JournalRows[T][]>,
  ): Promise<JournalRows[T][]> {
    issue(table);
    const rows = await read();
    for (const row of rows) known.set(keyOf(table, row.id), row);
    return rows;
  }

  function write<T extends JournalTable>(
    table: T,
    row: JournalRows[T],
    before: JournalRows[T] | undefined,
  ): JournalRows[T] {
    const checked = ROW_SCHEMAS[table].parse(compact(row));
    let rows = queued.get(table);
    if (!rows) queued.set(table, (rows = new Map()));
    rows.set(checked.id, checked);
    known.set(keyOf(table, checked.id), checked);
    if (table === 'checklistItems') {
      const item = checked as JournalRows['checklistItems'];
      for (const [taskId, items] of checklists) {
        if (taskId === item.taskId) items.set(item.id, item);
        else items.delete(item.id);
      }
    }
    if (stamp.recordDiffs) {
      diffs.push({
        table,
        id: checked.id,
        before: (before ?? null) as EntityDiff['before'],
        after: checked as EntityDiff['after'],
      });
    }
    return checked;
  }

  const reader: JournalReader = {
    task: async (id) => live(await stored('tasks', id)),
    checklistItems: async (taskId) => {
      let items = checklists.get(taskId);
      if (!items) {
        const rows = await query('checklistItems', () =>
          db.checklistItems.where('taskId').equals(taskId).toArray(),
        );
        items = new Map(rows.map((row) => [row.id, row]));
        checklists.set(taskId, items);
      }
      return [...items.values()].filter(isLive).sort(byChecklistOrder);
    },
    checklistItem: async (id) => live(await stored('checklistItems', id)),
    entry: async (id) => live(await stored('entries', id)),
    labels: async () => (await query('labels', () => db.labels.toArray())).filter(isLive),
    label: async (id) => live(await stored('labels', id)),
    categories: async () =>
      (await query('categories', () => db.categories.toArray())).filter(isLive),
    category: async (id) => live(await stored('categories', id)),
    storedRow: (table, id) => stored(table, id),
    storedRows: (table, ids) => storedMany(table, ids),
  };

  return {
    ...reader,
    diffs,
    beginStep(step) {
      stamp.now = step.now;
      stamp.recordDiffs = step.recordDiffs;
      return diffs.length;
    },
    diffsSince: (mark) => diffs.slice(mark),
    async flush() {
      for (const table of [...queued.keys()]) issue(table);
      await Promise.all(issued);
    },
    send() {
      for (const table of [...queued.keys()]) issue(table);
    },
    async create(table, fields: NewRow<typeof table>) {
      const row = {
        ...fields,
        id: newId(),
        createdAt: stamp.now,
        updatedAt: stamp.now,
        rev: 1,
        vectorClock: bumpClock({}, stamp.deviceId),
      } as JournalRows[typeof table];
      return write(table, row, undefined);
    },
    async update(table, id, patch: RowPatch<typeof table>) {
      const before = await stored(table, id);
      if (!before || before.deletedAt !== undefined) throw new EntityNotFoundError(table, id);
      const row = {
        ...before,
        ...patch,
        updatedAt: stamp.now,
        rev: before.rev + 1,
        vectorClock: bumpClock(before.vectorClock, stamp.deviceId),
      } as JournalRows[typeof table];
      return write(table, stampFieldWrites(before, row, stamp), before);
    },
    async remove(table, id) {
      const before = await stored(table, id);
      if (!before || before.deletedAt !== undefined) throw new EntityNotFoundError(table, id);
      removeStored(table, before);
    },
    async restore(table, row) {
      return restoreOver(table, row, await stored(table, row.id));
    },
    async putMerged(table, row) {
      const before = await stored(table, row.id);
      return write(table, row, before);
    },
    async writeRows(table, writes) {
      // One read for the rows not known yet; then no await per row (see the interface).
      const befores = await storedMany(
        table,
        writes.map((change) => (change.kind === 'remove' ? change.id : change.row.id)),
      );
      writes.forEach((change, index) => {
        const before = befores[index];
        if (change.kind === 'merged') write(table, change.row, before);
        else if (change.kind === 'restore') restoreOver(table, change.row, before);
        else if (before && before.deletedAt === undefined) removeStored(table, before);
      });
    },
  };

  function removeStored<T extends JournalTable>(table: T, before: JournalRows[T]): void {
    const row = {
      ...before,
      deletedAt: stamp.now,
      updatedAt: stamp.now,
      rev: before.rev + 1,
      vectorClock: bumpClock(before.vectorClock, stamp.deviceId),
    };
    write(table, stampFieldWrites(before, row, stamp), before);
  }

  function restoreOver<T extends JournalTable>(
    table: T,
    row: JournalRows[T],
    before: JournalRows[T] | undefined,
  ): JournalRows[T] {
    const restored = {
      ...row,
      // The stored row's field stamps, moved below for what this write changes.
      ...(before ? { fieldWrites: before.fieldWrites } : {}),
      rev: Math.max(before?.rev ?? 0, row.rev) + 1,
      vectorClock: bumpClock(
        mergeClocks(before?.vectorClock ?? {}, row.vectorClock),
        stamp.deviceId,
      ),
    } as JournalRows[T];
    return write(table, stampFieldWrites(before, restored, stamp), before);
  }
}

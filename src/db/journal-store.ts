/**
 * The journal as tool handlers see it, on top of one open Dexie transaction. Every
 * write is stamped (rev, updatedAt, vector clock), checked against its zod schema, and
 * recorded as a before/after diff: the raw material of audit, undo and sync.
 */
import type { z } from 'zod';
import { categorySchema, labelSchema } from '../domain/category';
import { checklistItemSchema } from '../domain/checklist-item';
import type { EntityDiff } from '../domain/audit';
import { newId } from '../domain/entity';
import { EntityNotFoundError } from '../domain/errors';
import { journalEntrySchema } from '../domain/journal-entry';
import type { JournalReader, JournalWriter } from '../domain/journal-access';
import type { JournalRows, JournalTable, NewRow, RowPatch } from '../domain/journal';
import { taskSchema } from '../domain/task';
import { bumpClock, mergeClocks } from '../domain/vector-clock';
import type { CountersignDatabase } from './database';

const ROW_SCHEMAS: { [T in JournalTable]: z.ZodType<JournalRows[T]> } = {
  tasks: taskSchema,
  checklistItems: checklistItemSchema,
  entries: journalEntrySchema,
  categories: categorySchema,
  labels: labelSchema,
};

const live = <T extends { deletedAt?: string }>(row: T | undefined): T | undefined =>
  row && row.deletedAt === undefined ? row : undefined;

/** Drops keys whose value is undefined, so rows stay free of explicit `undefined`. */
function compact<T extends object>(row: T): T {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) as T;
}

export function createJournalReader(db: CountersignDatabase): JournalReader {
  return {
    task: async (id) => live(await db.tasks.get(id)),
    checklistItems: async (taskId) => {
      const items = await db.checklistItems.where('taskId').equals(taskId).toArray();
      return items
        .filter((item) => item.deletedAt === undefined)
        .sort((a, b) => a.order - b.order || a.createdAt.localeCompare(b.createdAt));
    },
    checklistItem: async (id) => live(await db.checklistItems.get(id)),
    entry: async (id) => live(await db.entries.get(id)),
    labels: async () =>
      (await db.labels.toArray()).filter((label) => label.deletedAt === undefined),
    label: async (id) => live(await db.labels.get(id)),
    categories: async () =>
      (await db.categories.toArray()).filter((category) => category.deletedAt === undefined),
    category: async (id) => live(await db.categories.get(id)),
    storedRow: async (table, id) =>
      (await db[table].get(id)) as JournalRows[typeof table] | undefined,
  };
}

export interface JournalStore extends JournalWriter {
  /** Every row written so far in this transaction, with its state before and after. */
  readonly diffs: EntityDiff[];
}

/** Must be called inside a Dexie transaction that spans the journal tables. */
export function createJournalStore(
  db: CountersignDatabase,
  stamp: { deviceId: string; now: string; recordDiffs: boolean },
): JournalStore {
  const diffs: EntityDiff[] = [];
  const reader = createJournalReader(db);

  function record(table: JournalTable, id: string, before: object | undefined, after: object) {
    if (!stamp.recordDiffs) return;
    diffs.push({
      table,
      id,
      before: before ? { ...before } : null,
      after: { ...after },
    } as EntityDiff);
  }

  async function write<T extends JournalTable>(
    table: T,
    row: JournalRows[T],
    before: JournalRows[T] | undefined,
  ) {
    const checked = ROW_SCHEMAS[table].parse(compact(row));
    await (db[table] as unknown as { put(row: JournalRows[T]): Promise<unknown> }).put(checked);
    record(table, checked.id, before, checked);
    return checked;
  }

  async function current<T extends JournalTable>(
    table: T,
    id: string,
  ): Promise<JournalRows[T] | undefined> {
    return (await db[table].get(id)) as JournalRows[T] | undefined;
  }

  return {
    ...reader,
    diffs,
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
      const before = await current(table, id);
      if (!before || before.deletedAt !== undefined) throw new EntityNotFoundError(table, id);
      const row = {
        ...before,
        ...patch,
        updatedAt: stamp.now,
        rev: before.rev + 1,
        vectorClock: bumpClock(before.vectorClock, stamp.deviceId),
      } as JournalRows[typeof table];
      return write(table, row, before);
    },
    async remove(table, id) {
      const before = await current(table, id);
      if (!before || before.deletedAt !== undefined) throw new EntityNotFoundError(table, id);
      await write(
        table,
        {
          ...before,
          deletedAt: stamp.now,
          updatedAt: stamp.now,
          rev: before.rev + 1,
          vectorClock: bumpClock(before.vectorClock, stamp.deviceId),
        },
        before,
      );
    },
    async restore(table, row) {
      const before = await current(table, row.id);
      const restored = {
        ...row,
        rev: Math.max(before?.rev ?? 0, row.rev) + 1,
        vectorClock: bumpClock(
          mergeClocks(before?.vectorClock ?? {}, row.vectorClock),
          stamp.deviceId,
        ),
      } as JournalRows[typeof table];
      return write(table, restored, before);
    },
  };
}

/**
 * What a tool handler may see and do. The dispatcher implements it on top of one
 * IndexedDB transaction; handlers never touch the database directly, so every write
 * is stamped (rev, updatedAt, vector clock) and recorded as a diff for audit and undo.
 */
import type { Category, Label } from './category';
import type { ChecklistItem } from './checklist-item';
import type { JournalEntry } from './journal-entry';
import type { JournalRows, JournalTable, NewRow, RowPatch } from './journal';
import type { Task } from './task';

export interface JournalReader {
  task(id: string): Promise<Task | undefined>;
  /** Live (not deleted) checklist items of a task, archived ones included, in order. */
  checklistItems(taskId: string): Promise<ChecklistItem[]>;
  checklistItem(id: string): Promise<ChecklistItem | undefined>;
  entry(id: string): Promise<JournalEntry | undefined>;
  labels(): Promise<Label[]>;
  label(id: string): Promise<Label | undefined>;
  categories(): Promise<Category[]>;
  category(id: string): Promise<Category | undefined>;
  /** A row as stored, deleted or not (import and undo need to see tombstones). */
  storedRow<T extends JournalTable>(table: T, id: string): Promise<JournalRows[T] | undefined>;
  /**
   * Many rows as stored, in the order of `ids`, in one request: a bulk write (import,
   * its undo) reads its thousands of rows without a round trip each.
   */
  storedRows<T extends JournalTable>(
    table: T,
    ids: readonly string[],
  ): Promise<(JournalRows[T] | undefined)[]>;
}

export interface JournalWriter extends JournalReader {
  create<T extends JournalTable>(table: T, fields: NewRow<T>): Promise<JournalRows[T]>;
  /** Applies `patch` to a live row; throws `EntityNotFoundError` when it is missing or deleted. */
  update<T extends JournalTable>(table: T, id: string, patch: RowPatch<T>): Promise<JournalRows[T]>;
  /** Soft delete: the row stays with `deletedAt` so sync and undo can see it. */
  remove<T extends JournalTable>(table: T, id: string): Promise<void>;
  /**
   * Many writes to one table at once (an import's part, its undo): `merged` as putMerged,
   * `restore` as restore, `remove` soft-deletes a live row (a missing or deleted one is
   * left as it is). The rows are read in one request and written with no await per row:
   * Dexie keeps a transaction's zone across only so many native awaits that resolve
   * without a request (about a hundred), so a loop awaiting a write per row of a large
   * part would lose its transaction ("committed too early").
   */
  writeRows<T extends JournalTable>(table: T, writes: readonly RowWrite<T>[]): Promise<void>;
  /** Writes a whole row back as it was (undo, import); stamps rev and clock. */
  restore<T extends JournalTable>(table: T, row: JournalRows[T]): Promise<JournalRows[T]>;
  /**
   * Writes a row another device's operation produced, as the sync merge rule decided it
   * (src/domain/merge-rule.ts): its rev, clock and field stamps are the rule's and are kept,
   * not stamped again, so every device ends with the same row. Only sync applies rows so.
   */
  putMerged<T extends JournalTable>(table: T, row: JournalRows[T]): Promise<JournalRows[T]>;
}

export type RowWrite<T extends JournalTable> =
  | { kind: 'merged'; row: JournalRows[T] }
  | { kind: 'restore'; row: JournalRows[T] }
  | { kind: 'remove'; id: string };

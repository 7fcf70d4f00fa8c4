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
}

export interface JournalWriter extends JournalReader {
  create<T extends JournalTable>(table: T, fields: NewRow<T>): Promise<JournalRows[T]>;
  /** Applies `patch` to a live row; throws `EntityNotFoundError` when it is missing or deleted. */
  update<T extends JournalTable>(table: T, id: string, patch: RowPatch<T>): Promise<JournalRows[T]>;
  /** Soft delete: the row stays with `deletedAt` so sync and undo can see it. */
  remove<T extends JournalTable>(table: T, id: string): Promise<void>;
  /** Writes a whole row back as it was (undo, import); stamps rev and clock. */
  restore<T extends JournalTable>(table: T, row: JournalRows[T]): Promise<JournalRows[T]>;
  /**
   * Writes a row another device's operation produced, as the sync merge rule decided it
   * (src/domain/merge-rule.ts): its rev, clock and field stamps are the rule's and are kept,
   * not stamped again, so every device ends with the same row. Only sync applies rows so.
   */
  putMerged<T extends JournalTable>(table: T, row: JournalRows[T]): Promise<JournalRows[T]>;
}

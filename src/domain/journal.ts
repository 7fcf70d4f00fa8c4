/**
 * The journal tables by name, and the row type each one holds. The agent's policy (which
 * categories it may act on) is journal data too: it is written through dispatch(),
 * audited, exported and synced like a task; so are the rules the person made (rule.ts).
 */
import type { Agent } from './agent';
import type { Category, Label } from './category';
import type { ChecklistItem } from './checklist-item';
import type { JournalEntry } from './journal-entry';
import type { Rule } from './rule';
import type { Task } from './task';
import type { EntityBase } from './entity';

export interface JournalRows {
  tasks: Task;
  checklistItems: ChecklistItem;
  entries: JournalEntry;
  categories: Category;
  labels: Label;
  agents: Agent;
  rules: Rule;
}
export type JournalTable = keyof JournalRows;
export const JOURNAL_TABLES = [
  'tasks',
  'checklistItems',
  'entries',
  'categories',
  'labels',
  'agents',
  'rules',
] as const satisfies readonly JournalTable[];

/** The fields a caller supplies when creating a row; the write path stamps the rest. */
export type NewRow<T extends JournalTable> = Omit<JournalRows[T], keyof EntityBase>;
/** The fields a caller may change; identity and bookkeeping belong to the write path. */
export type RowPatch<T extends JournalTable> = Partial<NewRow<T>>;

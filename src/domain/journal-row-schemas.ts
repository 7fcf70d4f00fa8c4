import type { z } from 'zod';
import { agentSchema } from './agent';
import { categorySchema, labelSchema } from './category';
import { checklistItemSchema } from './checklist-item';
import { journalEntrySchema } from './journal-entry';
import type { JournalRows, JournalTable } from './journal';
import { ruleSchema } from './rule';
import { taskSchema } from './task';

/** The schema of each journal table's rows: the write path, import and sync all check these. */
export const JOURNAL_ROW_SCHEMAS: { [T in JournalTable]: z.ZodType<JournalRows[T]> } = {
  tasks: taskSchema,
  checklistItems: checklistItemSchema,
  entries: journalEntrySchema,
  categories: categorySchema,
  labels: labelSchema,
  agents: agentSchema,
  rules: ruleSchema,
};

/**
 * Each synced table's own row schema: a remote row is parsed with it before anything is
 * applied (everything from the server is untrusted input). A row that does not parse
 * puts its whole operation in quarantine, so an operation is applied whole or not at all.
 */
import type { z } from 'zod';
import { agentSchema, observationSchema, reportSchema } from '../../domain/agent';
import { categorySchema, labelSchema } from '../../domain/category';
import { changeItemSchema, changeSetSchema, decisionSchema } from '../../domain/change-set';
import { checklistItemSchema } from '../../domain/checklist-item';
import { journalEntrySchema } from '../../domain/journal-entry';
import type { SyncTable } from '../../domain/sync-envelope';
import { ruleSchema } from '../../domain/rule';
import { taskSchema } from '../../domain/task';

/** The tables this version of the app applies. */
const ROW_SCHEMAS: Partial<Record<SyncTable, z.ZodType>> = {
  tasks: taskSchema,
  checklistItems: checklistItemSchema,
  entries: journalEntrySchema,
  categories: categorySchema,
  labels: labelSchema,
  agents: agentSchema,
  rules: ruleSchema,
  changeSets: changeSetSchema,
  changeItems: changeItemSchema,
  decisions: decisionSchema,
  reports: reportSchema,
  observations: observationSchema,
};

/** Why the row cannot be applied, or undefined when it parses. */
export function rowProblem(table: SyncTable, row: Record<string, unknown>): string | undefined {
  const schema = ROW_SCHEMAS[table];
  if (!schema) return `rows of "${table}" are not known to this version of the app`;
  const parsed = schema.safeParse(row);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  return `a ${table} row (${String(row.id).slice(0, 60)}) is not valid: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim();
}

/** The export file: the whole journal, nothing device-local (no settings, no API keys). */
import { z } from 'zod';
import { agentSchema } from './agent';
import { categorySchema, labelSchema } from './category';
import { checklistItemSchema } from './checklist-item';
import { journalEntrySchema } from './journal-entry';
import { ruleSchema } from './rule';
import { taskSchema } from './task';

export const JOURNAL_FILE_FORMAT = 'countersign-journal';
export const JOURNAL_FILE_VERSION = 1;

export const journalFileSchema = z.object({
  format: z.literal(JOURNAL_FILE_FORMAT, { error: 'This is not a Countersign journal export.' }),
  version: z.literal(JOURNAL_FILE_VERSION, {
    error: `This export was made by a different version of Countersign (expected version ${JOURNAL_FILE_VERSION}).`,
  }),
  exportedAt: z.string(),
  tables: z.object({
    categories: z.array(categorySchema),
    labels: z.array(labelSchema),
    tasks: z.array(taskSchema),
    checklistItems: z.array(checklistItemSchema),
    entries: z.array(journalEntrySchema),
    /** The agent's policy; absent in files exported before it was journal data. */
    agents: z.array(agentSchema).default([]),
    /** The person's rules; absent in files exported before there were any. */
    rules: z.array(ruleSchema).default([]),
  }),
});
export type JournalFile = z.infer<typeof journalFileSchema>;

/**
 * Reads an export file's text. Returns the journal or a sentence saying what is wrong
 * with it; never throws, so a foreign or broken file cannot reach the database.
 */
export function parseJournalFile(
  text: string,
): { ok: true; file: JournalFile } | { ok: false; error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return {
      ok: false,
      error:
        'The file is not valid JSON, so it cannot be a Countersign export. Nothing was imported.',
    };
  }
  const parsed = journalFileSchema.safeParse(data);
  if (parsed.success) return { ok: true, file: parsed.data };
  const first = parsed.error.issues[0];
  const where = first && first.path.length > 0 ? ` (at ${first.path.join('.')})` : '';
  return {
    ok: false,
    error: `${first?.message ?? 'The file is not a valid export.'}${where} Nothing was imported.`,
  };
}

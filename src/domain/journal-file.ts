/** The export file: the whole journal, nothing device-local (no settings, no API keys). */
import { z } from 'zod';
import { agentSchema } from './agent';
import { categorySchema, labelSchema } from './category';
import { checklistItemSchema } from './checklist-item';
import { journalEntrySchema } from './journal-entry';
import { JOURNAL_TABLES, type JournalRows, type JournalTable } from './journal';
import { checkReceivedRow } from './received-row';
import { ruleSchema } from './rule';
import { taskSchema } from './task';

export const JOURNAL_FILE_FORMAT = 'countersign-journal';
export const JOURNAL_FILE_VERSION = 1;

const header = {
  format: z.literal(JOURNAL_FILE_FORMAT, { error: 'This is not a Countersign journal export.' }),
  version: z.literal(JOURNAL_FILE_VERSION, {
    error: `This export was made by a different version of Countersign (expected version ${JOURNAL_FILE_VERSION}).`,
  }),
  exportedAt: z.string().max(40),
};

export const journalFileSchema = z.object({
  ...header,
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

/** The file with its rows not yet read: each row is checked on its own (`checkJournalRow`). */
const journalFileHeaderSchema = z.object({
  ...header,
  tables: z.object({
    categories: z.array(z.unknown()),
    labels: z.array(z.unknown()),
    tasks: z.array(z.unknown()),
    checklistItems: z.array(z.unknown()),
    entries: z.array(z.unknown()),
    agents: z.array(z.unknown()).default([]),
    rules: z.array(z.unknown()).default([]),
  }),
});
export type JournalFileHeader = z.infer<typeof journalFileHeaderSchema>;

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const NOTHING_IMPORTED = 'Nothing was imported.';

/** Parses the file's JSON text and checks its header; the rows are not read yet. */
function readJournalFileHeader(text: string): Parsed<JournalFileHeader> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: NOT_JSON };
  }
  return checkJournalFileHeader(data);
}

export const NOT_JSON = `The file is not valid JSON, so it cannot be a Countersign export. ${NOTHING_IMPORTED}`;

/** Checks an already parsed file's header (format, version, tables are arrays). */
export function checkJournalFileHeader(data: unknown): Parsed<JournalFileHeader> {
  const parsed = journalFileHeaderSchema.safeParse(data);
  if (parsed.success) return { ok: true, value: parsed.data };
  const first = parsed.error.issues[0];
  const where = first && first.path.length > 0 ? ` (at ${first.path.join('.')})` : '';
  return {
    ok: false,
    error: `${first?.message ?? 'The file is not a valid export.'}${where} ${NOTHING_IMPORTED}`,
  };
}

const ROW_WORDS: Record<JournalTable, string> = {
  tasks: 'Task',
  checklistItems: 'Checklist item',
  entries: 'Journal entry',
  categories: 'Category',
  labels: 'Label',
  agents: 'Agent',
  rules: 'Rule',
};

/** A row in words, for an error: `Task "Buy milk" (id t-1, row 3 of tasks)`. */
export function describeFileRow(table: JournalTable, index: number, row: unknown): string {
  const fields = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>;
  const name = [fields.title, fields.name].find((value) => typeof value === 'string') as
    string | undefined;
  const id = typeof fields.id === 'string' ? `id ${fields.id.slice(0, 100)}, ` : '';
  const named = name ? ` "${name.slice(0, 60)}${name.length > 60 ? '…' : ''}"` : '';
  return `${ROW_WORDS[table]}${named} (${id}row ${index + 1} of ${table})`;
}

type FileTables = { [T in JournalTable]: readonly JournalRows[T][] };

/** Tasks the file's checklist items and entries belong to that the file does not hold. */
export function tasksOutsideFile(tables: FileTables): string[] {
  const inFile = new Set(tables.tasks.map((task) => task.id));
  const outside = new Set<string>();
  for (const row of [...tables.checklistItems, ...tables.entries])
    if (!inFile.has(row.taskId)) outside.add(row.taskId);
  return [...outside];
}

/**
 * The first checklist item or entry whose task is neither in the file nor among
 * `storedTaskIds` (the journal's), in words; undefined when every row has its task.
 */
export function orphanProblem(
  tables: FileTables,
  storedTaskIds: ReadonlySet<string>,
): string | undefined {
  const inFile = new Set(tables.tasks.map((task) => task.id));
  for (const table of ['checklistItems', 'entries'] as const) {
    const index = tables[table].findIndex(
      (row) => !inFile.has(row.taskId) && !storedTaskIds.has(row.taskId),
    );
    if (index < 0) continue;
    const row = tables[table][index]!;
    return `${describeFileRow(table, index, row)} belongs to task ${row.taskId.slice(0, 100)}, which is neither in the file nor in this journal. ${NOTHING_IMPORTED}`;
  }
  return undefined;
}

/** One row of the file checked against its table's schema (titles cleaned, times in UTC). */
export function checkJournalRow<T extends JournalTable>(
  table: T,
  index: number,
  row: unknown,
): Parsed<JournalRows[T]> {
  const checked = checkReceivedRow(table, row);
  if (!checked.ok) {
    const field = checked.field ? `, field ${checked.field}` : '';
    const { message } = checked;
    return {
      ok: false,
      error: `${describeFileRow(table, index, row)}${field}: ${message}${/[.!?]$/.test(message) ? '' : '.'} ${NOTHING_IMPORTED}`,
    };
  }
  return { ok: true, value: checked.value as JournalRows[T] };
}

/**
 * Reads an export file's text at once (small files, tests). Returns the journal or a
 * sentence saying what is wrong with it, naming the row; never throws, so a foreign or
 * broken file cannot reach the database. The app reads large files in chunks
 * (transfer/import-file.ts), with the same checks.
 */
export function parseJournalFile(
  text: string,
): { ok: true; file: JournalFile } | { ok: false; error: string } {
  const header = readJournalFileHeader(text);
  if (!header.ok) return header;
  const tables = {} as Record<JournalTable, unknown[]>;
  for (const table of JOURNAL_TABLES) {
    const rows: unknown[] = [];
    for (const [index, row] of header.value.tables[table].entries()) {
      const checked = checkJournalRow(table, index, row);
      if (!checked.ok) return checked;
      rows.push(checked.value);
    }
    tables[table] = rows;
  }
  return { ok: true, file: { ...header.value, tables } as JournalFile };
}

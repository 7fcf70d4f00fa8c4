/**
 * Seeding: bulk writes of rows that are already valid, for test fixtures and the benchmark
 * (bench/page). The app never uses this module; nothing under src/ imports it but tests.
 *
 * It bypasses the write path ON PURPOSE. A seeded row gets no policy check, no ledger row
 * (mutations), no audit message and no outbox row: it is as if it had always been on this
 * device and had never been synced. That is what a fixture of 50,000 tasks needs
 * (dispatch() would take minutes and fill the audit trail) and what the app must never
 * do: its journal writes go through dispatch(), the agent's records through
 * agent-records.ts and the ChangeSetBuilder. Every row is parsed with its zod schema
 * before it is written, so nothing the app would reject gets in.
 *
 * Proposals: `seedChangeSets`, `removeChangeSets` and `changeItemStatus` are the only code
 * outside the ChangeSetBuilder, the review service and db/queries/proposals.ts that knows
 * how change sets and their items are stored. Callers hand over `ChangeSet` values (items
 * inline, as changeSetSchema describes a proposal) and they are stored as the builder
 * would store them, so the review queries see them. When that storage changes (items in
 * a table of their own, a pending index, counters), this file changes and its callers do
 * not.
 */
import type { z } from 'zod';
import { categorySchema, labelSchema } from '../domain/category';
import { changeSetSchema, type ChangeItemStatus, type ChangeSet } from '../domain/change-set';
import { checklistItemSchema } from '../domain/checklist-item';
import type { JournalRows, JournalTable } from '../domain/journal';
import { journalEntrySchema } from '../domain/journal-entry';
import { taskSchema } from '../domain/task';
import type { CountersignDatabase } from './database';

/** Rows per readwrite transaction: big enough to be quick, small enough not to hold much memory. */
export const SEED_CHUNK_SIZE = 2_000;
/** Change sets per transaction (each holds several items). */
export const SEED_CHANGE_SET_CHUNK_SIZE = 250;

/** The journal tables a seed may fill. The agents' policy is not one: it goes through dispatch(). */
export type SeedTable = Exclude<JournalTable, 'agents'>;

const ROW_SCHEMAS: { [T in SeedTable]: z.ZodType<JournalRows[T]> } = {
  tasks: taskSchema,
  checklistItems: checklistItemSchema,
  entries: journalEntrySchema,
  categories: categorySchema,
  labels: labelSchema,
};

/** What one seeding call did, for the benchmark's seed report. */
export interface SeedTiming {
  rows: number;
  /** Parsing every row with its schema (before anything is written). */
  parseMs: number;
  /** The chunked writes, until the last transaction committed. */
  writeMs: number;
  transactions: number;
}

/**
 * Parses `rows` with the table's schema (throwing on the first invalid one, before any is
 * written), then puts them, `chunkSize` rows per readwrite transaction.
 */
export async function seedRows<T extends SeedTable>(
  db: CountersignDatabase,
  table: T,
  rows: readonly JournalRows[T][],
  { chunkSize = SEED_CHUNK_SIZE }: { chunkSize?: number } = {},
): Promise<SeedTiming> {
  const schema = ROW_SCHEMAS[table];
  const parseStarted = performance.now();
  const parsed = rows.map((row) => schema.parse(row));
  const parseMs = performance.now() - parseStarted;
  const target = db.table<JournalRows[T], string>(table);
  const { writeMs, transactions } = await writeInChunks(parsed, chunkSize, (chunk) =>
    db.transaction('rw', target, () => target.bulkPut(chunk)),
  );
  return { rows: rows.length, parseMs, writeMs, transactions };
}

/**
 * Empties the journal for a seed of a known size: the seedable tables, the ledger, audit
 * and outbox rows that described them, and every proposal with its decisions. Keeps the
 * settings, the agents' policy and the agents' own records (wakes, reports, observations).
 */
export async function clearJournalRows(db: CountersignDatabase): Promise<void> {
  const tables = [
    ...(Object.keys(ROW_SCHEMAS) as SeedTable[]).map((name) => db.table(name)),
    db.mutations,
    db.auditMessages,
    db.outbox,
    ...proposalTables(db),
  ];
  await db.transaction('rw', tables, () => Promise.all(tables.map((table) => table.clear())));
}

/* ------------------------------------------------------------------------------------------
 * Proposals. Everything below knows the storage shape of change sets: adapt it here.
 * ---------------------------------------------------------------------------------------- */

/** Where proposals and what was decided about them are stored. */
function proposalTables(db: CountersignDatabase) {
  return [db.changeSets, db.decisions];
}

/**
 * Stores change sets as the ChangeSetBuilder would: each set parsed with changeSetSchema,
 * its items inline and their statuses as given (pending, or already decided for a set a
 * floor writes as resolved). The caller owns the rest of the contract: a set's `status`
 * agrees with its items' (deriveChangeSetStatus), its task exists, and a pending item's
 * `fingerprint`, `baseRev` and `base` are what the builder would have computed. Sets are
 * written `chunkSize` per readwrite transaction; a set and its items always share one.
 */
export async function seedChangeSets(
  db: CountersignDatabase,
  sets: readonly ChangeSet[],
  { chunkSize = SEED_CHANGE_SET_CHUNK_SIZE }: { chunkSize?: number } = {},
): Promise<SeedTiming> {
  const parseStarted = performance.now();
  const parsed = sets.map((set) => changeSetSchema.parse(set));
  const parseMs = performance.now() - parseStarted;
  const { writeMs, transactions } = await writeInChunks(parsed, chunkSize, (chunk) =>
    db.transaction('rw', db.changeSets, () => db.changeSets.bulkPut(chunk)),
  );
  return { rows: sets.length, parseMs, writeMs, transactions };
}

/** Removes every change set of a task with its items (decisions stay, as the journal's history). */
export async function removeChangeSets(db: CountersignDatabase, taskId: string): Promise<void> {
  await db.changeSets.where('taskId').equals(taskId).delete();
}

/** The status of the item behind a Review inbox row (`data-review-key`, see reviewItemKey). */
export async function changeItemStatus(
  db: CountersignDatabase,
  reviewKey: string,
): Promise<ChangeItemStatus | undefined> {
  const at = reviewKey.lastIndexOf(':');
  const set = await db.changeSets.get(reviewKey.slice(0, at));
  return set?.items[Number(reviewKey.slice(at + 1))]?.status;
}

async function writeInChunks<T>(
  rows: readonly T[],
  chunkSize: number,
  write: (chunk: T[]) => Promise<unknown>,
): Promise<{ writeMs: number; transactions: number }> {
  const started = performance.now();
  let transactions = 0;
  for (let index = 0; index < rows.length; index += chunkSize) {
    await write(rows.slice(index, index + chunkSize));
    transactions += 1;
  }
  return { writeMs: performance.now() - started, transactions };
}

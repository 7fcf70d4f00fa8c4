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
 * outside the ChangeSetBuilder, the review service and db/queries/review-proposals.ts that knows
 * how change sets and their items are stored. Callers hand over sets with their items
 * inline and they are stored through the same item writer the builder uses (items in a
 * table of their own, the inbox index, counts and tallies), so the review queries see
 * them. When that storage changes, this file changes and its callers do not.
 */
import type { z } from 'zod';
import { categorySchema, labelSchema } from '../domain/category';
import {
  changeItemId,
  proposalSchema,
  type ChangeItemStatus,
  type Proposal,
} from '../domain/change-set';
import { checklistItemSchema } from '../domain/checklist-item';
import type { JournalRows, JournalTable } from '../domain/journal';
import { journalEntrySchema } from '../domain/journal-entry';
import { taskSchema } from '../domain/task';
import { CHANGE_ITEM_TABLES, createChangeSet, writeChangeItems } from './change-items';
import type { CountersignDatabase } from './database';
import { addToTallies } from './tallies';

/** Rows per readwrite transaction: big enough to be quick, small enough not to hold much memory. */
export const SEED_CHUNK_SIZE = 2_000;
/** Change sets per transaction (each holds several items). */
const SEED_CHANGE_SET_CHUNK_SIZE = 250;

/** The journal tables a seed may fill. The agents' policy and rules are not: they go through dispatch(). */
export type SeedTable = Exclude<JournalTable, 'agents' | 'rules'>;

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

/** Where proposals, what was decided about them, and the inbox's tallies are stored. */
function proposalTables(db: CountersignDatabase) {
  return [db.changeSets, db.changeItems, db.decisions, db.tallies];
}

/** A change set to seed: its items as the builder makes them, pending unless a status is given. */
export interface SeedChangeSet {
  id: string;
  agentId: string;
  taskId: string;
  runKey: string;
  /** When its items were proposed (their order in the inbox). */
  proposedAt: string;
  expiresAt?: string;
  items: readonly (Proposal & { status?: ChangeItemStatus })[];
}

/**
 * Stores change sets through the item writer (db/change-items.ts), so each set's counts,
 * its items' inbox keys and the inbox tallies are kept exactly as the builder keeps them
 * (tallies grow from what is there). The caller owns the rest of the contract: the task
 * exists, and a pending item's fingerprint, baseRev and base are what the builder would have
 * computed. `chunkSize` sets per readwrite transaction; a set and its items share one.
 */
export async function seedChangeSets(
  db: CountersignDatabase,
  sets: readonly SeedChangeSet[],
  { chunkSize = SEED_CHANGE_SET_CHUNK_SIZE }: { chunkSize?: number } = {},
): Promise<SeedTiming> {
  const parseStarted = performance.now();
  for (const set of sets) for (const item of set.items) proposalSchema.parse(item);
  const parseMs = performance.now() - parseStarted;
  const tables = CHANGE_ITEM_TABLES.map((name) => db.table(name));
  const { writeMs, transactions } = await writeInChunks(sets, chunkSize, (chunk) =>
    db.transaction('rw', tables, async () => {
      for (const set of chunk) {
        const stamp = { deviceId: 'seed', now: set.proposedAt };
        await createChangeSet(db, set, stamp);
        await writeChangeItems(
          db,
          set.items.map(({ status = 'pending', ...proposal }, itemIndex) => ({
            before: undefined,
            after: {
              ...proposal,
              id: changeItemId(set.id, itemIndex),
              changeSetId: set.id,
              itemIndex,
              taskId: set.taskId,
              status,
              proposedAt: set.proposedAt,
              ...(set.expiresAt ? { expiresAt: set.expiresAt } : {}),
            },
          })),
          stamp,
        );
      }
    }),
  );
  return {
    rows: sets.reduce((sum, set) => sum + 1 + set.items.length, 0),
    parseMs,
    writeMs,
    transactions,
  };
}

/**
 * Removes every change set of a task with its items (decisions stay, as the journal's
 * history), taking what waited out of the inbox tallies.
 */
export async function removeChangeSets(db: CountersignDatabase, taskId: string): Promise<void> {
  await db.transaction('rw', [db.changeSets, db.changeItems, db.tallies], async () => {
    const [sets, items] = await Promise.all([
      db.changeSets.where('taskId').equals(taskId).toArray(),
      db.changeItems.where('taskId').equals(taskId).toArray(),
    ]);
    await addToTallies(db, {
      pendingItems: -items.filter((item) => item.pendingKey !== undefined).length,
      pendingSets: -sets.filter((set) => set.counts.waiting > 0).length,
    });
    await db.changeItems.bulkDelete(items.map((item) => item.id));
    await db.changeSets.bulkDelete(sets.map((set) => set.id));
  });
}

/** The status of the item behind a Review inbox row (`data-review-key`: the item's id). */
export async function changeItemStatus(
  db: CountersignDatabase,
  reviewKey: string,
): Promise<ChangeItemStatus | undefined> {
  return (await db.changeItems.get(reviewKey))?.status;
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

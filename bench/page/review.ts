/**
 * Section 8a: Confirm All of a 20-item change set against the same journal rows in one
 * transaction. The sets are proposed through the real ChangeSetBuilder, as a wake would.
 */
import { ChangeSetBuilder } from '../../src/agent/change-set-builder';
import { confirmAll } from '../../src/confirmation/confirm-all';
import { openChangeSet } from '../../src/db/agent-records';
import { getDatabase } from '../../src/db/connection';
import type { CountersignDatabase } from '../../src/db/database';
import { getDeviceId } from '../../src/db/settings';
import { DEFAULT_AGENT_ID } from '../../src/domain/agent';
import type { ChangeSet } from '../../src/domain/change-set';
import type { Task } from '../../src/domain/task';
import { findTool } from '../../src/tools/registry';
import { changedRow, checklistRows, createAllowedTask, ensureBenchCategory } from './fixtures';
import { DAY_MS, isoDay } from './text';
import { timedCopies, type WrittenRows } from './timed-copies';
import {
  countRequests,
  countTransactions,
  timed,
  type RequestCounts,
  type TransactionCounts,
} from './timing';

export interface Proposal {
  toolName: string;
  args: Record<string, unknown>;
}

/** A change set proposed through the real ChangeSetBuilder, as a wake would write it. */
async function proposeSet(
  db: CountersignDatabase,
  deviceId: string,
  taskId: string,
  proposals: readonly Proposal[],
  expectedItems: number,
): Promise<ChangeSet> {
  const builder = new ChangeSetBuilder({
    db,
    taskId,
    agentId: DEFAULT_AGENT_ID,
    operationKey: `bench:${crypto.randomUUID()}`,
    deviceId,
    rejected: new Map(),
    openFingerprints: new Set(),
  });
  for (const [index, proposal] of proposals.entries()) {
    const tool = findTool(proposal.toolName);
    if (!tool) throw new Error(`no tool ${proposal.toolName}`);
    const outcome = await builder.propose(
      tool,
      tool.argsSchema.parse(proposal.args),
      `bench-${index}`,
    );
    const skipped = outcome.skipped[0];
    if (skipped) throw new Error(`proposal skipped: ${skipped.summary}: ${skipped.reason}`);
  }
  await builder.flush();
  const set = await openChangeSet(db, taskId);
  if (set?.counts.total !== expectedItems)
    throw new Error(`expected a set of ${expectedItems} items, got ${set?.counts.total ?? 'none'}`);
  return set;
}

const checklistTitles = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, index) => `Bench step ${offset + index + 1}`);

/** The mixed set: four task fields, then checklist items. */
function mixedChanges(checklistCount: number, dueDate: string) {
  return {
    fields: [
      { toolName: 'set_task_title', args: { title: 'Bench task, clarified' } },
      { toolName: 'update_task_estimate', args: { minutes: 90 } },
      { toolName: 'update_task_priority', args: { priority: 'P1' } },
      { toolName: 'update_task_due_date', args: { dueDate } },
    ] satisfies Proposal[],
    patches: [
      { title: 'Bench task, clarified' },
      { estimateMinutes: 90 },
      { priority: 'P1' as const },
      { dueDate },
    ] satisfies Partial<Task>[],
    titles: checklistTitles(checklistCount),
  };
}

/** Rows by table, as one Confirm All wrote them. */

/**
 * Every row one Confirm All of `changeSetId` wrote (the journal rows, the items, the set,
 * the decisions, the ledger, outbox and audit rows), read back after it, untimed.
 */
async function rowsWrittenBy(
  db: CountersignDatabase,
  changeSetId: string,
  taskId: string,
): Promise<WrittenRows> {
  const decisions = await db.decisions.where('changeSetId').equals(changeSetId).toArray();
  const operationIds = new Set(decisions.flatMap((row) => row.operationId ?? []));
  const [items, set, checklist, ledger, audit, outbox] = await Promise.all([
    db.changeItems.where('changeSetId').equals(changeSetId).toArray(),
    db.changeSets.get(changeSetId),
    db.checklistItems.where('taskId').equals(taskId).toArray(),
    db.mutations.bulkGet([...operationIds]),
    db.auditMessages
      .where('operationId')
      .anyOf([...operationIds])
      .toArray(),
    db.outbox.filter((row) => operationIds.has(row.operationId)).toArray(),
  ]);
  return [
    ['checklistItems', checklist],
    ['changeItems', items],
    ['changeSets', set ? [set] : []],
    ['decisions', decisions],
    ['mutations', ledger.filter((row) => row !== undefined)],
    ['auditMessages', audit],
    ['outbox', outbox],
  ] as unknown as WrittenRows;
}

/** The tables of the rows no bookkeeping can spare: the journal's, the item's, the decision's. */
const DECIDED_TABLES = new Set(['checklistItems', 'changeItems', 'changeSets', 'decisions']);

const countsOf = (written: WrittenRows) =>
  Object.fromEntries(written.map(([table, rows]) => [table, rows.length]));

export interface ConfirmAllSamples {
  checklist: { confirmAllMs: number[]; floorMs: number[]; referenceMs: number[] };
  /**
   * Not a target: every row one Confirm All of the checklist set writes (journal rows and
   * the review's and sync's own), bulkPut in one transaction. What the rows alone cost.
   */
  writtenRows?: { floorMs: number[]; counts: Record<string, number> };
  /**
   * Not a target either: of those, only the rows a confirmation cannot do without under
   * any bookkeeping (the journal rows, each item's status, its decision, the set), the
   * same way. Beside the floor, it is the least any design with a decision per item costs.
   */
  decidedRows?: { floorMs: number[]; counts: Record<string, number> };
  mixed: { confirmAllMs: number[]; floorMs: number[] };
  /** IndexedDB transactions of one Confirm All of the checklist set (last warm-up round). */
  transactions?: TransactionCounts;
  /** IndexedDB requests of the same Confirm All, by table and kind. */
  requests?: RequestCounts;
}

export async function measureConfirmAll(options: {
  repetitions: number;
  warmup: number;
  itemCount: number;
}): Promise<ConfirmAllSamples> {
  const db = getDatabase();
  await ensureBenchCategory(db);
  const deviceId = await getDeviceId(db);
  const samples: ConfirmAllSamples = {
    checklist: { confirmAllMs: [], floorMs: [], referenceMs: [] },
    mixed: { confirmAllMs: [], floorMs: [] },
  };
  const confirmed = async (changeSetId: string, expected: number) => {
    const result = await confirmAll(db, changeSetId);
    if (result.applied.length !== expected)
      throw new Error(
        `Confirm All applied ${result.applied.length} of ${expected}: ${result.message}`,
      );
  };
  let written: WrittenRows | undefined;
  const dueDate = isoDay(Date.now() + 30 * DAY_MS);
  const mixed = mixedChanges(options.itemCount - 4, dueDate);
  const titles = checklistTitles(options.itemCount);

  for (let index = 0; index < options.warmup + options.repetitions; index++) {
    const measuring = index >= options.warmup;
    // Sets and tasks are made before anything is timed.
    const checklistTask = await createAllowedTask(db, `confirm-all checklist ${index}`);
    const checklistSet = await proposeSet(
      db,
      deviceId,
      checklistTask.id,
      [
        {
          toolName: 'add_multiple_checklist_items',
          args: { items: titles.map((title) => ({ title })) },
        },
      ],
      options.itemCount,
    );
    const mixedTask = await createAllowedTask(db, `confirm-all mixed ${index}`);
    const mixedSet = await proposeSet(
      db,
      deviceId,
      mixedTask.id,
      [
        ...mixed.fields,
        {
          toolName: 'add_multiple_checklist_items',
          args: { items: mixed.titles.map((title) => ({ title })) },
        },
      ],
      options.itemCount,
    );
    const floorTask = await createAllowedTask(db, `confirm-all floor ${index}`);
    const referenceTask = await createAllowedTask(db, `confirm-all reference ${index}`);
    const mixedFloorTask = await createAllowedTask(db, `confirm-all mixed floor ${index}`);

    const series = [
      async () => {
        if (index === options.warmup - 1) {
          const counted = await countRequests(db, () =>
            countTransactions(db, () => confirmed(checklistSet.id, options.itemCount)),
          );
          samples.transactions = counted.value.counts;
          samples.requests = counted.requests;
          written = await rowsWrittenBy(db, checklistSet.id, checklistTask.id);
          samples.writtenRows = { floorMs: [], counts: countsOf(written) };
          return;
        }
        const ms = await timed(() => confirmed(checklistSet.id, options.itemCount));
        if (measuring) samples.checklist.confirmAllMs.push(ms);
      },
      async () => {
        // The same journal rows the twenty items write, in one transaction.
        const ms = await timed(() => {
          const rows = checklistRows(floorTask.id, titles, deviceId);
          return db.transaction('rw', db.checklistItems, () => db.checklistItems.bulkPut(rows));
        });
        if (measuring) samples.checklist.floorMs.push(ms);
      },
      async () => {
        if (!written || !samples.writtenRows) return;
        const ms = await timedCopies(db, written);
        if (measuring) samples.writtenRows.floorMs.push(ms);
      },
      async () => {
        if (!written) return;
        const decided = written.filter(([table]) => DECIDED_TABLES.has(table));
        samples.decidedRows ??= { floorMs: [], counts: countsOf(decided) };
        const ms = await timedCopies(db, decided);
        if (measuring) samples.decidedRows.floorMs.push(ms);
      },
      async () => {
        // Reference: the same rows, one commit each (as Confirm All's fallback commits per item).
        const ms = await timed(async () => {
          for (const row of checklistRows(referenceTask.id, titles, deviceId))
            await db.checklistItems.put(row);
        });
        if (measuring) samples.checklist.referenceMs.push(ms);
      },
      async () => {
        const ms = await timed(() => confirmed(mixedSet.id, options.itemCount));
        if (measuring) samples.mixed.confirmAllMs.push(ms);
      },
      async () => {
        const ms = await timed(() =>
          db.transaction('rw', [db.tasks, db.checklistItems], async () => {
            let row = mixedFloorTask;
            for (const patch of mixed.patches) {
              row = changedRow(row, patch, deviceId);
              await db.tasks.put(row);
            }
            await db.checklistItems.bulkPut(
              checklistRows(mixedFloorTask.id, mixed.titles, deviceId),
            );
          }),
        );
        if (measuring) samples.mixed.floorMs.push(ms);
      },
    ];
    for (let step = 0; step < series.length; step++)
      await series[(index + step) % series.length]!();
  }
  return samples;
}

/**
 * Section 8b's set-up: thousands of pending items across the seeded tasks (5,000 at 1×,
 * 50,000 at 10×), written through the seeding helper, and the two live queries a
 * confirmation in the inbox re-runs (its first window of rows, the badge's count), timed
 * on their own.
 */
import { getDatabase } from '../../src/db/connection';
import { readInboxWindow } from '../../src/db/queries/review-proposals';
import { countPendingItems } from '../../src/db/tallies';
import { changeItemStatus, seedChangeSets, type SeedChangeSet } from '../../src/db/seed-rows';
import { DEFAULT_AGENT_ID } from '../../src/domain/agent';
import type { Proposal as StoredProposal } from '../../src/domain/change-set';
import { isLive } from '../../src/domain/is-live';
import { proposalFingerprint } from '../../src/domain/fingerprint';
import { ESTIMATE_MAX_MINUTES, type Task, type TaskStatus } from '../../src/domain/task';
import { findTool } from '../../src/tools/registry';
import { NO_NAMES } from '../../src/tools/tool-definition';
import { allowCategories } from './fixtures';
import type { Proposal } from './review';
import { DAY_MS } from './text';
import { timed, watchTransactions, type TransactionRecord } from './timing';

const ACTIVE_STATUSES: ReadonlySet<TaskStatus> = new Set([
  'OPEN',
  'GROOMED',
  'IN PROGRESS',
  'BLOCKED',
  'ON HOLD',
]);

/** A pending item exactly as the ChangeSetBuilder would store it for `task`. */
function pendingItem(task: Task, proposal: Proposal, groupId: string): StoredProposal {
  const tool = findTool(proposal.toolName);
  if (!tool) throw new Error(`no tool ${proposal.toolName}`);
  const args = tool.argsSchema.parse(proposal.args) as Record<string, unknown>;
  const target = tool.proposalTarget?.(args, { taskId: task.id });
  const row = task as unknown as Record<string, unknown>;
  return {
    toolName: tool.name,
    args,
    humanSummary: tool.summarize(args, NO_NAMES),
    fingerprint: proposalFingerprint(tool.name, args),
    baseRev: task.rev,
    ...(target ? { base: Object.fromEntries(target.fields.map((f) => [f, row[f] ?? null])) } : {}),
    groupId,
  };
}

/** What a wake might propose for a seeded task: a title, an estimate, a priority, steps. */
function proposalsFor(task: Task, count: number): Proposal[] {
  const proposals: Proposal[] = [
    { toolName: 'set_task_title', args: { title: `${task.title} (clarified)` } },
    {
      toolName: 'update_task_estimate',
      args: { minutes: Math.min(ESTIMATE_MAX_MINUTES, (task.estimateMinutes ?? 30) + 15) },
    },
    { toolName: 'update_task_priority', args: { priority: task.priority === 'P0' ? 'P1' : 'P0' } },
  ];
  for (let step = 1; proposals.length < count; step++)
    proposals.push({ toolName: 'add_checklist_item', args: { title: `Follow-up step ${step}` } });
  return proposals.slice(0, count);
}

export interface PendingSeedReport {
  /** Pending before the seed (left by earlier sections). */
  alreadyPending: number;
  /** Pending after it, as the inbox counts them. */
  totalPending: number;
  sets: number;
  items: number;
  /** Writing the sets (parsing them is not counted). */
  writeMs: number;
  transactions: number;
  firstTaskTitle: string;
}

/**
 * Many open change sets across many seeded tasks (older than any other set, so they lead
 * the inbox), their items as the builder would make them, stored by seedChangeSets. Their
 * categories are allowed, so confirming one applies it.
 */
export async function seedPendingProposals(options: {
  totalPending: number;
  itemsPerTask: number;
}): Promise<PendingSeedReport> {
  const db = getDatabase();
  // Earlier sections leave a few proposals pending; top up to exactly `totalPending`.
  const alreadyPending = (await countPendingItems(db)).items;
  const needed = Math.max(0, options.totalPending - alreadyPending);
  const taskCount = Math.ceil(needed / options.itemsPerTask);
  await allowCategories(
    db,
    (await db.categories.toArray()).map((category) => category.id),
  );
  const withOpenSets = new Set(
    (await db.changeItems.orderBy('pendingKey').toArray()).map((item) => item.taskId),
  );
  const candidates = (await db.tasks.toArray()).filter(
    (task) =>
      isLive(task) &&
      task.categoryId !== undefined &&
      ACTIVE_STATUSES.has(task.status) &&
      !withOpenSets.has(task.id) &&
      !task.id.startsWith('sample-'),
  );
  if (candidates.length < taskCount)
    throw new Error(`only ${candidates.length} tasks can take proposals, ${taskCount} needed`);
  const now = Date.now();
  const expiresAt = new Date(now + 7 * DAY_MS).toISOString();
  // A second apart, the newest an hour old at least: older than every set the earlier
  // sections proposed, so they lead the inbox at any scale.
  const firstAt = now - Math.max(2 * 3_600_000, (taskCount + 3_600) * 1_000);
  const sets: SeedChangeSet[] = candidates.slice(0, taskCount).map((task, index) => {
    const groupId = `bench-seed-${index}`;
    return {
      id: crypto.randomUUID(),
      agentId: DEFAULT_AGENT_ID,
      taskId: task.id,
      runKey: `bench-seed:${index}`,
      proposedAt: new Date(firstAt + index * 1_000).toISOString(),
      expiresAt,
      items: proposalsFor(
        task,
        Math.min(options.itemsPerTask, needed - index * options.itemsPerTask),
      ).map((proposal) => pendingItem(task, proposal, groupId)),
    };
  });
  // Through the seeding helper, the one place that knows how proposals are stored.
  const written = await seedChangeSets(db, sets);
  const firstTask = candidates[0]!;
  return {
    alreadyPending,
    totalPending: (await countPendingItems(db)).items,
    sets: sets.length,
    items: sets.reduce((sum, set) => sum + set.items.length, 0),
    writeMs: written.writeMs,
    transactions: written.transactions,
    firstTaskTitle: firstTask.title,
  };
}

export interface PendingQuerySamples {
  /** readInboxWindow of the first 20 rows: what the Review inbox's live query runs on a change. */
  listMs: number[];
  /** countPendingItems: the navigation badge's live query (on every page): one tally row. */
  countMs: number[];
  pending: number;
}

/** The two live queries a confirmation in the inbox re-runs, timed on their own. */
export async function measurePendingQueries(options: {
  repetitions: number;
  warmup: number;
}): Promise<PendingQuerySamples> {
  const db = getDatabase();
  const samples: PendingQuerySamples = { listMs: [], countMs: [], pending: 0 };
  for (let index = 0; index < options.warmup + options.repetitions; index++) {
    const listMs = await timed(() => readInboxWindow(db, 0, 20));
    const countMs = await timed(async () => {
      samples.pending = (await countPendingItems(db)).items;
    });
    if (index < options.warmup) continue;
    samples.listMs.push(listMs);
    samples.countMs.push(countMs);
  }
  return samples;
}

/** The status of the item behind an inbox row key. */
export function reviewItemStatus(key: string): Promise<string | undefined> {
  return changeItemStatus(getDatabase(), key);
}

let takeTransactions: (() => TransactionRecord[]) | undefined;

/** Starts recording the page's IndexedDB transactions (once per page). */
export function startTransactionLog(): void {
  takeTransactions ??= watchTransactions(getDatabase());
}

/** The transactions opened since the last call. */
export function takeTransactionLog(): TransactionRecord[] {
  if (!takeTransactions) throw new Error('startTransactionLog() was not called on this page');
  return takeTransactions();
}

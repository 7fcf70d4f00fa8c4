/**
 * Read queries for review: what waits for the person's decision (per task, across all
 * tasks, and how many), and what was decided. Pure functions of the database, for
 * `useLiveQuery`. An item waits when its set is open, it is pending and the set has not
 * passed its expiry; items of deleted tasks never leave this module.
 */
import type { ChangeItem, ChangeSet, Decision } from '../../domain/change-set';
import type { Task } from '../../domain/task';
import type { CountersignDatabase } from '../database';

/** One item waiting for review, with where it lives. */
export interface PendingReviewItem {
  /** Stable across renders: `changeSetId:itemIndex`. */
  key: string;
  changeSetId: string;
  itemIndex: number;
  taskId: string;
  item: ChangeItem;
  /** When its change set was created. */
  proposedAt: string;
  expiresAt: string | undefined;
}

export interface PendingTaskGroup {
  taskId: string;
  taskTitle: string;
  /** The ids of the open sets these items belong to, in proposal order (for Confirm all). */
  changeSetIds: string[];
  items: PendingReviewItem[];
}

export type ReviewOutcome =
  'confirmed' | 'rejected' | 'expired' | 'failed' | 'undone' | 'retracted';

/** One line of a task's review history. */
export interface ReviewHistoryEntry {
  key: string;
  outcome: ReviewOutcome;
  toolName: string;
  summary: string;
  actor: Decision['actor'] | undefined;
  /** When it was decided (or failed, or expired). */
  at: string;
  rejectionReason: string | undefined;
  error: string | undefined;
  /** The decision behind the entry, when there is one (failed items have none). */
  decisionId: string | undefined;
}

const OPEN_STATUSES = ['pending', 'partiallyResolved'] as const;

export const reviewItemKey = (changeSetId: string, itemIndex: number) =>
  `${changeSetId}:${itemIndex}`;

const isOpen = (set: ChangeSet, now: string) =>
  (set.status === 'pending' || set.status === 'partiallyResolved') &&
  set.deletedAt === undefined &&
  (set.expiresAt === undefined || set.expiresAt > now);

const isLiveTask = (task: Task | undefined): task is Task =>
  task !== undefined && task.deletedAt === undefined;

/** Sets in proposal order: oldest first, so items read in the order the agent proposed them. */
const byProposalOrder = (a: ChangeSet, b: ChangeSet) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

function pendingItemsOf(set: ChangeSet): PendingReviewItem[] {
  const items: PendingReviewItem[] = [];
  set.items.forEach((item, itemIndex) => {
    if (item.status !== 'pending') return;
    items.push({
      key: reviewItemKey(set.id, itemIndex),
      changeSetId: set.id,
      itemIndex,
      taskId: set.taskId,
      item,
      proposedAt: set.createdAt,
      expiresAt: set.expiresAt,
    });
  });
  return items;
}

/** The items waiting for review on one task, in proposal order. Empty for a deleted task. */
export async function listPendingItemsForTask(
  db: CountersignDatabase,
  taskId: string,
  now: Date = new Date(),
): Promise<PendingReviewItem[]> {
  if (!taskId) return [];
  const [task, sets] = await Promise.all([
    db.tasks.get(taskId),
    db.changeSets.where('taskId').equals(taskId).toArray(),
  ]);
  if (!isLiveTask(task)) return [];
  const stamp = now.toISOString();
  return sets
    .filter((set) => isOpen(set, stamp))
    .sort(byProposalOrder)
    .flatMap(pendingItemsOf);
}

/**
 * Every item waiting for review, grouped by task: one read of the open sets through the
 * status index and one bulk read of their tasks, so five thousand items stay cheap.
 * Groups come oldest first (the proposals closest to expiring lead).
 */
export async function listPendingGroups(
  db: CountersignDatabase,
  now: Date = new Date(),
): Promise<PendingTaskGroup[]> {
  const stamp = now.toISOString();
  const sets = (await db.changeSets.where('status').anyOf(OPEN_STATUSES).toArray())
    .filter((set) => isOpen(set, stamp))
    .sort(byProposalOrder);
  const taskIds = [...new Set(sets.map((set) => set.taskId))];
  const tasks = await db.tasks.bulkGet(taskIds);
  const titles = new Map(tasks.filter(isLiveTask).map((task) => [task.id, task.title] as const));
  const groups = new Map<string, PendingTaskGroup>();
  for (const set of sets) {
    const title = titles.get(set.taskId);
    if (title === undefined) continue;
    const items = pendingItemsOf(set);
    if (items.length === 0) continue;
    let group = groups.get(set.taskId);
    if (!group) {
      group = { taskId: set.taskId, taskTitle: title, changeSetIds: [], items: [] };
      groups.set(set.taskId, group);
    }
    group.changeSetIds.push(set.id);
    group.items.push(...items);
  }
  return [...groups.values()];
}

/** How many items wait for review across all live tasks. */
export async function countPendingItems(
  db: CountersignDatabase,
  now: Date = new Date(),
): Promise<number> {
  const groups = await listPendingGroups(db, now);
  return groups.reduce((total, group) => total + group.items.length, 0);
}

/**
 * What happened to the task's proposals, newest first: every decision (an undone one shows
 * as undone), items that failed for good, and items whose set ran out of time before the
 * expiry job recorded them.
 */
export async function listReviewHistory(
  db: CountersignDatabase,
  taskId: string,
  now: Date = new Date(),
): Promise<ReviewHistoryEntry[]> {
  if (!taskId) return [];
  const [decisions, sets] = await Promise.all([
    db.decisions.where('taskId').equals(taskId).toArray(),
    db.changeSets.where('taskId').equals(taskId).toArray(),
  ]);
  const stamp = now.toISOString();
  const decided = new Set(
    decisions.map((decision) => reviewItemKey(decision.changeSetId, decision.itemIndex)),
  );
  const entries: ReviewHistoryEntry[] = decisions
    .filter((decision) => decision.deletedAt === undefined)
    .map((decision) => ({
      key: `decision:${decision.id}`,
      outcome: decision.undoneAt ? 'undone' : decision.verdict,
      toolName: decision.toolName,
      summary: decision.humanSummary ?? decision.toolName,
      actor: decision.actor,
      at: decision.undoneAt ?? decision.decidedAt,
      rejectionReason: decision.rejectionReason,
      error: undefined,
      decisionId: decision.id,
    }));
  for (const set of sets) {
    if (set.deletedAt !== undefined) continue;
    set.items.forEach((item, itemIndex) => {
      const key = reviewItemKey(set.id, itemIndex);
      if (decided.has(key)) return;
      const ranOut =
        item.status === 'expired' ||
        (item.status === 'pending' && set.expiresAt !== undefined && set.expiresAt <= stamp);
      if (item.status !== 'failed' && !ranOut) return;
      entries.push({
        key: `item:${key}`,
        outcome: item.status === 'failed' ? 'failed' : 'expired',
        toolName: item.toolName,
        summary: item.humanSummary,
        actor: item.status === 'failed' ? undefined : 'system',
        at:
          item.status === 'pending'
            ? (set.expiresAt ?? set.updatedAt)
            : (set.resolvedAt ?? set.updatedAt),
        rejectionReason: undefined,
        error: item.error,
        decisionId: undefined,
      });
    });
  }
  return entries.sort((a, b) => b.at.localeCompare(a.at) || a.key.localeCompare(b.key));
}

/**
 * Read queries for review: what waits for the person's decision (per task, a window of
 * the inbox, how many) and what was decided. Pure functions of the database, for
 * `useLiveQuery`. What waits is read through the sparse inbox indexes the item writer
 * keeps (db/change-items.ts), so none of these reads grows with the backlog: a task's
 * card reads its own items, the inbox one window, the badge one row.
 */
import { madeElsewhere } from './notify-made-elsewhere';
import Dexie from 'dexie';
import { DEFAULT_AGENT_ID } from '../../domain/agent';
import { changeItemId, type ChangeItem, type Decision } from '../../domain/change-set';
import { isLive } from '../../domain/is-live';
import { isWakeRowAlive } from '../../domain/wake-alive';
import { reportId } from '../agent-records';
import type { CountersignDatabase } from '../database';

/** One item waiting for review, with where it lives. */
export interface PendingReviewItem {
  /** Stable across renders: the item's id (`changeSetId:itemIndex`). */
  key: string;
  changeSetId: string;
  itemIndex: number;
  taskId: string;
  item: ChangeItem;
  proposedAt: string;
  expiresAt: string | undefined;
  /** Proposed by a wake on another device (it came here by sync). */
  fromOtherDevice: boolean;
  /** The agent whose set it is (a decision needs it): read with the row, so a swipe reads nothing first. */
  agentId: string | undefined;
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
  /** What the agent proposed and what the person applied instead (confirmed with changes). */
  edited: { proposed: Record<string, unknown>; applied: Record<string, unknown> } | undefined;
  /** Decided on another device (it came here by sync). */
  onOtherDevice: boolean;
}

export const reviewItemKey = changeItemId;

/**
 * This device's id as stored, without minting one (a live query only reads): until it
 * exists, nothing here came from elsewhere.
 */
async function readThisDevice(db: CountersignDatabase): Promise<string | undefined> {
  const row = await db.settings.get('deviceId');
  return typeof row?.value === 'string' ? row.value : undefined;
}

function pendingEntry(
  item: ChangeItem,
  here: string | undefined,
  agentId: string | undefined,
): PendingReviewItem {
  return {
    key: item.id,
    changeSetId: item.changeSetId,
    itemIndex: item.itemIndex,
    taskId: item.taskId,
    item,
    proposedAt: item.proposedAt,
    expiresAt: item.expiresAt,
    fromOtherDevice: madeElsewhere(item, here),
    agentId,
  };
}

/**
 * The items waiting for review on one task, in proposal order. Empty for a deleted task.
 * An item past its expiry is not shown even before the expiry sweep records it (confirming
 * it would be refused anyway).
 */
export async function listPendingItemsForTask(
  db: CountersignDatabase,
  taskId: string,
  now: Date = new Date(),
): Promise<PendingReviewItem[]> {
  if (!taskId) return [];
  const stamp = now.toISOString();
  const [items, here] = await Promise.all([
    db.changeItems
      .where('[taskId+pendingKey]')
      .between([taskId, Dexie.minKey], [taskId, Dexie.maxKey])
      .toArray(),
    readThisDevice(db),
  ]);
  const waiting = items.filter((item) => item.expiresAt === undefined || item.expiresAt > stamp);
  // A task has one open set, rarely two: their agents, so a decision reads nothing first.
  const setIds = [...new Set(waiting.map((item) => item.changeSetId))];
  const sets = setIds.length > 0 ? await db.changeSets.bulkGet(setIds) : [];
  const agentOf = new Map(sets.flatMap((set) => (set ? [[set.id, set.agentId] as const] : [])));
  return waiting.map((item) => pendingEntry(item, here, agentOf.get(item.changeSetId)));
}

/** What heads a task's proposals. */
export interface ReviewHeading {
  /** The agent's one-line summary of the task, from its last report. */
  oneLiner: string | undefined;
  /** The task's latest wake is marked running, and not stale (see isWakeRowAlive). */
  agentWorking: boolean;
}

/**
 * The report and the latest wake in one read: a wake's end writes its report and its
 * ended row in one transaction, so this never sees the wake ended without its summary.
 */
export async function readReviewHeading(
  db: CountersignDatabase,
  taskId: string,
  agentId: string = DEFAULT_AGENT_ID,
): Promise<ReviewHeading> {
  if (!taskId) return { oneLiner: undefined, agentWorking: false };
  return db.transaction('r', [db.reports, db.wakes], async () => {
    const [report, latestWake] = await Promise.all([
      db.reports.get(reportId(agentId, taskId)),
      db.wakes
        .where('[taskId+startedAt]')
        .between([taskId, Dexie.minKey], [taskId, Dexie.maxKey])
        .last(),
    ]);
    return {
      oneLiner: isLive(report) ? report.oneLiner : undefined,
      agentWorking:
        latestWake !== undefined &&
        isWakeRowAlive(latestWake, { now: Date.now(), lockHeld: undefined }),
    };
  });
}

/** One row of the inbox window, with what its group heading needs. */
export interface InboxRow {
  entry: PendingReviewItem;
  /** Its position in the whole inbox. */
  index: number;
  taskTitle: string;
  /** The first waiting item of its change set: the group heading goes above it. */
  startsGroup: boolean;
  /** How many of its set's items wait (for the heading's count and Confirm all). */
  groupWaiting: number;
  /** The agent's one-line summary of the task, from its last report. */
  reportOneLiner: string | undefined;
}

/**
 * `count` rows of the inbox from position `start`, in proposal order (grouped by change
 * set, so by task). Reads the window and the row before it, and the tasks, sets and
 * reports of those rows only.
 */
export async function readInboxWindow(
  db: CountersignDatabase,
  start: number,
  count: number,
): Promise<InboxRow[]> {
  const from = Math.max(0, start - 1);
  const [items, here] = await Promise.all([
    db.changeItems
      .orderBy('pendingKey')
      .offset(from)
      .limit(count + (start - from))
      .toArray(),
    readThisDevice(db),
  ]);
  const setIds = [...new Set(items.map((item) => item.changeSetId))];
  const taskIds = [...new Set(items.map((item) => item.taskId))];
  const sets = await db.changeSets.bulkGet(setIds);
  const setById = new Map(sets.flatMap((set) => (set ? [[set.id, set] as const] : [])));
  const reportIds = [...setById.values()].map((set) => reportId(set.agentId, set.taskId));
  const [tasks, reports] = await Promise.all([
    db.tasks.bulkGet(taskIds),
    db.reports.bulkGet(reportIds),
  ]);
  const titles = new Map(tasks.filter(isLive).map((task) => [task.id, task.title]));
  const oneLiners = new Map(
    reports.filter(isLive).map((report) => [report.taskId, report.oneLiner] as const),
  );
  const rows: InboxRow[] = [];
  items.forEach((item, position) => {
    const index = from + position;
    if (index < start) return;
    const previous = items[position - 1];
    rows.push({
      entry: pendingEntry(item, here, setById.get(item.changeSetId)?.agentId),
      index,
      taskTitle: titles.get(item.taskId) ?? '',
      startsGroup: previous?.changeSetId !== item.changeSetId,
      groupWaiting: setById.get(item.changeSetId)?.counts.waiting ?? 1,
      reportOneLiner: oneLiners.get(item.taskId),
    });
  });
  return rows;
}

/**
 * What happened to the task's proposals, newest first: every decision (an undone one shows
 * as undone), items that failed for good, and items that ran out of time before the expiry
 * sweep recorded them.
 */
export async function listReviewHistory(
  db: CountersignDatabase,
  taskId: string,
  now: Date = new Date(),
): Promise<ReviewHistoryEntry[]> {
  if (!taskId) return [];
  const [decisions, items, here] = await Promise.all([
    db.decisions.where('taskId').equals(taskId).toArray(),
    db.changeItems.where('taskId').equals(taskId).toArray(),
    readThisDevice(db),
  ]);
  const stamp = now.toISOString();
  const decided = new Set(
    decisions.map((decision) => changeItemId(decision.changeSetId, decision.itemIndex)),
  );
  const entries: ReviewHistoryEntry[] = decisions.filter(isLive).map((decision) => ({
    key: `decision:${decision.id}`,
    outcome: decision.undoneAt ? 'undone' : decision.verdict,
    toolName: decision.toolName,
    summary: decision.humanSummary ?? decision.toolName,
    actor: decision.actor,
    at: decision.undoneAt ?? decision.decidedAt,
    rejectionReason: decision.rejectionReason,
    error: undefined,
    decisionId: decision.id,
    edited: decision.appliedArgs
      ? { proposed: decision.args, applied: decision.appliedArgs }
      : undefined,
    onOtherDevice: here !== undefined && decision.deviceId !== here,
  }));
  for (const item of items) {
    if (item.deletedAt !== undefined || decided.has(item.id)) continue;
    const ranOut =
      item.status === 'expired' ||
      (item.status === 'pending' &&
        // A hidden twin (decision 0016) is never reviewed: its running out is not news.
        item.pendingKey !== undefined &&
        item.expiresAt !== undefined &&
        item.expiresAt <= stamp);
    if (item.status !== 'failed' && !ranOut) continue;
    entries.push({
      key: `item:${item.id}`,
      outcome: item.status === 'failed' ? 'failed' : 'expired',
      toolName: item.toolName,
      summary: item.humanSummary,
      actor: item.status === 'failed' ? undefined : 'system',
      at: item.status === 'pending' ? (item.expiresAt ?? item.updatedAt) : item.updatedAt,
      rejectionReason: undefined,
      error: item.error,
      decisionId: undefined,
      edited: undefined,
      onOtherDevice: false,
    });
  }
  return entries.sort((a, b) => b.at.localeCompare(a.at) || a.key.localeCompare(b.key));
}

/**
 * What became of decisions taken here, as far as undoing them goes: still standing, taken
 * back (the row went: another device decided the item first, and this one's was reverted),
 * undone (here or on another device), or standing on a task deleted since.
 */
export type DecisionStanding = 'standing' | 'taken-back' | 'undone' | 'task-deleted';

export async function readDecisionStandings(
  db: CountersignDatabase,
  decisionIds: readonly string[],
): Promise<Map<string, DecisionStanding>> {
  return db.transaction('r', [db.decisions, db.tasks], async () => {
    const decisions = await db.decisions.bulkGet([...decisionIds]);
    const taskIds = [
      ...new Set(decisions.flatMap((decision) => (decision ? [decision.taskId] : []))),
    ];
    const liveTasks = new Set(
      (await db.tasks.bulkGet(taskIds)).filter(isLive).map((task) => task.id),
    );
    return new Map(
      decisionIds.map((id, index): [string, DecisionStanding] => {
        const decision = decisions[index];
        if (!decision) return [id, 'taken-back'];
        if (decision.undoneAt) return [id, 'undone'];
        return [id, liveTasks.has(decision.taskId) ? 'standing' : 'task-deleted'];
      }),
    );
  });
}

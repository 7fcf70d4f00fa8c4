/**
 * Read queries for the audit trail (/activity), for `useLiveQuery`. The trail only grows,
 * so nothing here reads the whole table: a page is the newest `limit` messages, found
 * through an index, plus the few messages that complete the operations on that page.
 */
import type { AuditKind, AuditMessage } from '../../domain/audit';
import type { WriteSource } from '../../domain/write-source';
import type { CountersignDatabase } from '../database';

export interface AuditFilter {
  taskId?: string;
  /** Any of these kinds; all kinds when absent or empty. */
  kinds?: readonly AuditKind[];
  source?: WriteSource;
}

export interface TaskName {
  id: string;
  title: string;
  deleted: boolean;
}

export interface AuditPage {
  /** The filter and limit this page was read with, so a caller can tell a stale page. */
  filter: AuditFilter;
  limit: number;
  /** The newest `limit` messages that match, newest first. */
  messages: AuditMessage[];
  /**
   * Messages off the page that share an operation id with one on it (the action of a
   * result, the result of an action), so an operation is never shown half.
   */
  related: AuditMessage[];
  /** Whether older matching messages exist, or older messages were not searched yet. */
  hasMore: boolean;
  /**
   * Set when a filter no index serves stopped reading before the oldest message: how
   * many of the newest messages were read, and the time of the oldest of them.
   */
  searched?: { messages: number; back: string };
  /** The tasks the messages name, deleted ones included (the trail outlives them). */
  tasks: Map<string, TaskName>;
}

/**
 * A filter no index serves (the source) is a walk back through time. It reads at most
 * this many messages per message asked for, so a source that never occurs costs a few
 * thousand reads, not the whole trail; "Load older" searches further back.
 */
const READS_PER_MESSAGE = 50;

/**
 * Below this many candidates an index lookup plus an in-memory sort is cheapest; above
 * it the matches are dense enough that walking the time index backwards finds a page
 * after reading a few thousand rows at most.
 */
const SORT_IN_MEMORY_MAX = 2_000;

export async function listAuditPage(
  db: CountersignDatabase,
  filter: AuditFilter,
  limit: number,
): Promise<AuditPage> {
  const { rows, searched } = await newestMatching(db, filter, limit + 1);
  const messages = rows.slice(0, limit);
  const related = await relatedMessages(db, messages);
  const tasks = await taskNames(db, [...messages, ...related]);
  const hasMore = rows.length > limit || searched !== undefined;
  return { filter, limit, messages, related, hasMore, tasks, ...(searched && { searched }) };
}

/** How many audit messages there are at all: tells "nothing yet" from "nothing matches". */
export function countAuditMessages(db: CountersignDatabase): Promise<number> {
  return db.auditMessages.count();
}

/** Live tasks for a picker, sorted by title. */
export async function listTaskNames(db: CountersignDatabase): Promise<TaskName[]> {
  const tasks = await db.tasks.toArray();
  return tasks
    .filter((task) => task.deletedAt === undefined)
    .map((task) => ({ id: task.id, title: task.title, deleted: false }))
    .sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }));
}

interface Matches {
  rows: AuditMessage[];
  searched?: AuditPage['searched'];
}

async function newestMatching(
  db: CountersignDatabase,
  filter: AuditFilter,
  count: number,
): Promise<Matches> {
  const kinds = filter.kinds?.length ? filter.kinds : undefined;
  const matches = (message: AuditMessage) =>
    (filter.taskId === undefined || message.taskId === filter.taskId) &&
    (kinds === undefined || kinds.includes(message.kind)) &&
    (filter.source === undefined || message.source === filter.source);
  const newestOf = (rows: AuditMessage[]) => ({
    rows: rows.filter(matches).sort(newestFirst).slice(0, count),
  });

  if (filter.taskId === undefined && kinds === undefined && filter.source === undefined) {
    return { rows: await db.auditMessages.orderBy('createdAt').reverse().limit(count).toArray() };
  }
  // One task's trail is small next to the whole trail, and its messages may all be old,
  // so walking by time could read every row: take them by the task index and sort.
  if (filter.taskId !== undefined) {
    return newestOf(await db.auditMessages.where('taskId').equals(filter.taskId).toArray());
  }
  if (kinds !== undefined) {
    // Each count is a native index count, cheap however long the trail is.
    const counts = await Promise.all(
      kinds.map((kind) => db.auditMessages.where('kind').equals(kind).count()),
    );
    const candidates = counts.reduce((sum, kindCount) => sum + kindCount, 0);
    if (candidates <= SORT_IN_MEMORY_MAX) {
      return newestOf(await db.auditMessages.where('kind').anyOf(kinds).toArray());
    }
  }
  return walkBackInTime(db, matches, count);
}

async function walkBackInTime(
  db: CountersignDatabase,
  matches: (message: AuditMessage) => boolean,
  count: number,
): Promise<Matches> {
  const budget = count * READS_PER_MESSAGE;
  let read = 0;
  let oldestRead = '';
  let stopped = false;
  const rows = await db.auditMessages
    .orderBy('createdAt')
    .reverse()
    .until((message) => {
      if (read >= budget) {
        stopped = true;
        return true;
      }
      read += 1;
      oldestRead = message.createdAt;
      return false;
    })
    .filter(matches)
    .limit(count)
    .toArray();
  // A full page means there is more either way; "searched" is for a page that is short.
  if (!stopped || rows.length === count) return { rows };
  return { rows, searched: { messages: read, back: oldestRead } };
}

async function relatedMessages(
  db: CountersignDatabase,
  messages: AuditMessage[],
): Promise<AuditMessage[]> {
  const operationIds = [...new Set(messages.flatMap((message) => message.operationId ?? []))];
  if (operationIds.length === 0) return [];
  const onPage = new Set(messages.map((message) => message.id));
  const sharing = await db.auditMessages.where('operationId').anyOf(operationIds).toArray();
  return sharing.filter((message) => !onPage.has(message.id)).sort(newestFirst);
}

async function taskNames(
  db: CountersignDatabase,
  messages: AuditMessage[],
): Promise<Map<string, TaskName>> {
  const ids = [...new Set(messages.flatMap((message) => message.taskId ?? []))];
  const tasks = await db.tasks.bulkGet(ids);
  const names = new Map<string, TaskName>();
  for (const task of tasks) {
    if (task)
      names.set(task.id, { id: task.id, title: task.title, deleted: task.deletedAt !== undefined });
  }
  return names;
}

/** Newest first; ties in the order the time index walked backwards gives them. */
function newestFirst(a: AuditMessage, b: AuditMessage): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

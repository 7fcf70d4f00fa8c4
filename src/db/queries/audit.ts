/**
 * Read queries for the audit trail (/activity), for `useLiveQuery`. The trail only grows,
 * so nothing here reads the whole table: a page is the newest `limit` messages, found
 * through an index, plus the few messages that complete the operations and wakes on that
 * page, and what became of the proposals they name (their change items and decisions).
 */
import type { AuditKind, AuditMessage } from '../../domain/audit';
import {
  changeItemId,
  type ChangeItem,
  type ChangeItemStatus,
  type Decision,
} from '../../domain/change-set';
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

/** One proposed change as it stands now, and the latest decision on it. */
export interface ProposalFate {
  itemId: string;
  toolName: string;
  /** The item's summary, with names as the wake read them. */
  summary: string;
  status: ChangeItemStatus;
  rationale?: string;
  /** Why it can no longer be applied, for a failed item. */
  error?: string;
  decision?: Pick<
    Decision,
    'verdict' | 'actor' | 'decidedAt' | 'undoneAt' | 'rejectionReason' | 'deviceId'
  >;
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
  /**
   * The other messages of the wakes on the page that match the filter, so a wake is shown
   * whole, in one place, whichever of its messages made the page.
   */
  wakeMessages: AuditMessage[];
  /**
   * What became of the proposals the page names, by the operation id of the message that
   * names them: the items a wake's call was queued as, or the item a confirmation decided.
   */
  proposals: Map<string, ProposalFate[]>;
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
  const wakeMessages = await otherMessagesOfWakes(db, messages, filter);
  const shown = [...messages, ...wakeMessages];
  const related = await relatedMessages(db, shown);
  const all = [...shown, ...related];
  const [tasks, proposals] = await Promise.all([taskNames(db, all), proposalFates(db, all)]);
  const hasMore = rows.length > limit || searched !== undefined;
  return {
    filter,
    limit,
    messages,
    related,
    wakeMessages,
    proposals,
    hasMore,
    tasks,
    ...(searched && { searched }),
  };
}

/** The wake a message belongs to (`wake:<id>`), or undefined when a wake did not write it. */
export function wakeRunKey(message: Pick<AuditMessage, 'runKey'>): string | undefined {
  return message.runKey !== undefined && WAKE_RUN_KEY.test(message.runKey)
    ? message.runKey
    : undefined;
}

const WAKE_RUN_KEY = /^wake:[^:]+$/;

/**
 * Whether there is any audit message at all: tells "nothing yet" from "nothing matches".
 * One key, not a count: IndexedDB counts row by row, and the Activity page asks again
 * after every write while it is open.
 */
export async function hasAuditMessages(db: CountersignDatabase): Promise<boolean> {
  return (await db.auditMessages.limit(1).primaryKeys()).length > 0;
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

function matcher(filter: AuditFilter): (message: AuditMessage) => boolean {
  const kinds = filter.kinds?.length ? filter.kinds : undefined;
  return (message) =>
    (filter.taskId === undefined || message.taskId === filter.taskId) &&
    (kinds === undefined || kinds.includes(message.kind)) &&
    (filter.source === undefined || message.source === filter.source);
}

async function newestMatching(
  db: CountersignDatabase,
  filter: AuditFilter,
  count: number,
): Promise<Matches> {
  const kinds = filter.kinds?.length ? filter.kinds : undefined;
  const matches = matcher(filter);
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

/**
 * A wake writes a few dozen messages at most (its audit has a budget), so the rest of
 * each wake on the page is one index read.
 */
async function otherMessagesOfWakes(
  db: CountersignDatabase,
  messages: AuditMessage[],
  filter: AuditFilter,
): Promise<AuditMessage[]> {
  const runKeys = [...new Set(messages.flatMap((message) => wakeRunKey(message) ?? []))];
  if (runKeys.length === 0) return [];
  const onPage = new Set(messages.map((message) => message.id));
  const matches = matcher(filter);
  const ofWakes = await db.auditMessages.where('runKey').anyOf(runKeys).toArray();
  return ofWakes.filter((message) => !onPage.has(message.id) && matches(message)).sort(newestFirst);
}

/**
 * The change items behind the page's proposals, and their latest decisions. A wake's
 * deferred call is queued as items whose `groupId` is the call's id, proposed while the
 * wake ran (one wake per task at a time, so the window names the wake); the wake audits
 * that call under the operation id `<runKey>:<call id>` (src/agent/wake-audit.ts). A
 * confirmation's run key names its item (`confirm:<set>:<index>:<rev>`), a rejection's too
 * (`reject:<item>:<nonce>`, src/confirmation/decide-item.ts).
 */
async function proposalFates(
  db: CountersignDatabase,
  messages: AuditMessage[],
): Promise<Map<string, ProposalFate[]>> {
  const itemsByOperation = new Map<string, ChangeItem[]>();
  const add = (operationId: string, item: ChangeItem) => {
    const items = itemsByOperation.get(operationId) ?? [];
    if (!items.some((known) => known.id === item.id)) items.push(item);
    itemsByOperation.set(operationId, items);
  };

  const runKeys = [...new Set(messages.flatMap((message) => wakeRunKey(message) ?? []))];
  const wakes = runKeys.length > 0 ? await db.wakes.where('runKey').anyOf(runKeys).toArray() : [];
  const taskIds = [...new Set(wakes.map((wake) => wake.taskId))];
  const items =
    taskIds.length > 0 ? await db.changeItems.where('taskId').anyOf(taskIds).toArray() : [];
  const actions = new Set(
    messages.flatMap((message) =>
      message.kind === 'action' && message.operationId ? [message.operationId] : [],
    ),
  );
  for (const wake of wakes) {
    const ended = wake.endedAt ?? '\uffff';
    for (const item of items) {
      if (item.taskId !== wake.taskId || item.groupId === undefined) continue;
      if (item.proposedAt < wake.startedAt || item.proposedAt > ended) continue;
      const operationId = `${wake.runKey}:${item.groupId.slice(0, 200)}`.slice(0, 300);
      if (actions.has(operationId)) add(operationId, item);
    }
  }

  const decidedBy = new Map<string, string>();
  for (const message of messages) {
    const itemId = decidedItemId(message.runKey);
    if (itemId && message.operationId) decidedBy.set(message.operationId, itemId);
  }
  const decided = await db.changeItems.bulkGet([...new Set(decidedBy.values())]);
  const decidedById = new Map(decided.flatMap((item) => (item ? [[item.id, item]] : [])));
  for (const [operationId, itemId] of decidedBy) {
    const item = decidedById.get(itemId);
    if (item) add(operationId, item);
  }

  const all = [...itemsByOperation.values()].flat();
  const setIds = [...new Set(all.map((item) => item.changeSetId))];
  const decisions =
    setIds.length > 0 ? await db.decisions.where('changeSetId').anyOf(setIds).toArray() : [];
  const latest = new Map<string, Decision>();
  for (const decision of decisions) {
    if (decision.deletedAt !== undefined) continue;
    const id = changeItemId(decision.changeSetId, decision.itemIndex);
    const known = latest.get(id);
    if (!known || known.decidedAt < decision.decidedAt) latest.set(id, decision);
  }

  const fates = new Map<string, ProposalFate[]>();
  for (const [operationId, operationItems] of itemsByOperation) {
    fates.set(
      operationId,
      operationItems
        .sort((a, b) => a.itemIndex - b.itemIndex)
        .map((item) => fateOf(item, latest.get(item.id))),
    );
  }
  return fates;
}

function fateOf(item: ChangeItem, decision: Decision | undefined): ProposalFate {
  return {
    itemId: item.id,
    toolName: item.toolName,
    summary: item.humanSummary,
    status: item.status,
    ...(item.rationale && { rationale: item.rationale }),
    ...(item.error && { error: item.error }),
    ...(decision && {
      decision: {
        verdict: decision.verdict,
        actor: decision.actor,
        decidedAt: decision.decidedAt,
        deviceId: decision.deviceId,
        ...(decision.undoneAt && { undoneAt: decision.undoneAt }),
        ...(decision.rejectionReason && { rejectionReason: decision.rejectionReason }),
      },
    }),
  };
}

/** The item a confirmation or a rejection decided, from its run key. */
function decidedItemId(runKey: string | undefined): string | undefined {
  if (runKey?.startsWith('confirm:')) {
    // `confirm:<set>:<index>:<item rev>`; earlier versions wrote no rev.
    const [set, index] = runKey.slice('confirm:'.length).split(':');
    return index === undefined ? undefined : `${set}:${index}`;
  }
  if (runKey?.startsWith('reject:')) {
    const rest = runKey.slice('reject:'.length);
    const nonce = rest.lastIndexOf(':');
    return nonce > 0 ? rest.slice(0, nonce) : undefined;
  }
  return undefined;
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

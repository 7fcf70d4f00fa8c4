/**
 * Read queries for the audit trail (/activity), for `useLiveQuery`. The trail only grows,
 * so nothing here reads the whole table: a page is the newest `limit` messages, found
 * through an index, plus the few messages that complete the operations and wakes on that
 * page, and what became of the proposals they name (their change items and decisions).
 */
import type { AuditKind, AuditMessage } from '../../domain/audit';
import type { WriteSource } from '../../domain/write-source';
import type { CountersignDatabase } from '../database';
import { readDeviceNames, type DeviceNames } from './activity-device-names';
import { proposalFates, type ProposalFate } from './activity-proposal-fates';
import {
  newestRemoteDecisions,
  syncedBatches,
  withProposers,
  type RemoteDecision,
  type RemoteDecisionFilter,
  type SyncedBatch,
} from './activity-remote-decisions';
import { walkBack } from './activity-walk-back';
import { wakeRunKey } from './activity-wake-run-key';

export interface AuditFilter {
  taskId?: string;
  /** Any of these kinds; all kinds when absent or empty. */
  kinds?: readonly AuditKind[];
  source?: WriteSource;
  /** Written at or after this time. */
  since?: string;
  /** `here`: what this device did; a device id: what that device did, as it reached here. */
  device?: string;
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
  /**
   * The decisions other devices made in the page's time span, newest first: listed as
   * decisions at the time they were made.
   */
  decisions: RemoteDecision[];
  /** Which device each sync operation key on the page (`sync:<operation id>`) came from. */
  synced: Map<string, SyncedBatch>;
  devices: DeviceNames;
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
  const here = (await db.settings.get('deviceId'))?.value;
  const device = deviceScope(filter.device, typeof here === 'string' ? here : '');
  const remoteFilter = remoteDecisionFilter(filter, device);
  const [found, remote] = await Promise.all([
    newestMatching(db, filter, device, limit + 1),
    remoteFilter
      ? newestRemoteDecisions(db, typeof here === 'string' ? here : '', remoteFilter, limit + 1)
      : { rows: [] as RemoteDecision[], searched: undefined },
  ]);
  const auditMore = found.rows.length > limit || found.searched !== undefined;
  const remoteMore = remote.rows.length > limit || remote.searched !== undefined;
  let messages = found.rows.slice(0, limit);
  let decisions = remote.rows.slice(0, limit);
  // One time line: where one list stops short of the other, the other is cut there too,
  // and what was cut comes with "Load older", in its place.
  const auditReach = found.searched?.back ?? messages.at(-1)?.createdAt;
  const remoteReach = remote.searched?.back ?? decisions.at(-1)?.decidedAt;
  if (auditMore && auditReach !== undefined)
    decisions = decisions.filter((decision) => decision.decidedAt >= auditReach);
  if (remoteMore && remoteReach !== undefined)
    messages = messages.filter((message) => message.createdAt >= remoteReach);

  const wakeMessages = await otherMessagesOfWakes(db, messages, filter, device);
  const shown = [...messages, ...wakeMessages];
  const related = await relatedMessages(db, shown);
  const all = [...shown, ...related];
  const [tasks, proposals, synced, proposed] = await Promise.all([
    taskNames(db, [
      ...all.flatMap((message) => message.taskId ?? []),
      ...decisions.map((d) => d.taskId),
    ]),
    proposalFates(db, all),
    syncedBatches(
      db,
      all.map((message) => message.runKey),
    ),
    withProposers(db, decisions),
  ]);
  const devices = await readDeviceNames(db, [
    ...proposed.flatMap(({ deviceId, proposedOn }) =>
      proposedOn ? [deviceId, proposedOn] : [deviceId],
    ),
    ...[...proposals.values()].flat().flatMap((fate) => fate.proposedOn ?? []),
    ...[...synced.values()].map((batch) => batch.deviceId),
    ...(device.kind === 'other' ? [device.id] : []),
  ]);
  const { searched } = found;
  return {
    filter,
    limit,
    messages,
    related,
    wakeMessages,
    proposals,
    hasMore: auditMore || remoteMore,
    tasks,
    decisions: proposed,
    synced,
    devices,
    ...(searched && { searched }),
  };
}

type DeviceScope = { kind: 'all' } | { kind: 'here' } | { kind: 'other'; id: string };

function deviceScope(device: string | undefined, here: string): DeviceScope {
  if (device === undefined) return { kind: 'all' };
  if (device === 'here' || device === here) return { kind: 'here' };
  return { kind: 'other', id: device };
}

/**
 * Which of other devices' decisions the filter takes: a decision is an action; confirmed
 * by a person, by a trusted tool, or a person's rejection. None for this device only:
 * its own decisions are in its audit trail.
 */
function remoteDecisionFilter(
  filter: AuditFilter,
  device: DeviceScope,
): RemoteDecisionFilter | undefined {
  if (device.kind === 'here') return undefined;
  if (filter.kinds?.length && !filter.kinds.includes('action')) return undefined;
  const bySource: Partial<Record<WriteSource, RemoteDecisionFilter>> = {
    confirmation: { verdict: 'confirmed', actor: 'user' },
    rule: { actor: 'rule' },
    user: { verdict: 'rejected' },
  };
  const source = filter.source === undefined ? {} : bySource[filter.source];
  if (!source) return undefined;
  return {
    ...source,
    ...(filter.taskId !== undefined && { taskId: filter.taskId }),
    ...(filter.since !== undefined && { since: filter.since }),
    ...(device.kind === 'other' && { deviceId: device.id }),
  };
}

/** The device a synced operation's message came from, as its recorded arguments say. */
function syncDeviceOf(message: AuditMessage): string | undefined {
  const args = message.payload.args;
  if (typeof args === 'object' && args !== null) {
    const deviceId = (args as { deviceId?: unknown }).deviceId;
    return typeof deviceId === 'string' ? deviceId : undefined;
  }
  // Arguments too long to keep whole are kept as the start of their JSON.
  return typeof args === 'string' ? /"deviceId":"([^"]{1,100})"/.exec(args)?.[1] : undefined;
}

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

function matcher(filter: AuditFilter, device: DeviceScope): (message: AuditMessage) => boolean {
  const kinds = filter.kinds?.length ? filter.kinds : undefined;
  return (message) =>
    (filter.taskId === undefined || message.taskId === filter.taskId) &&
    (kinds === undefined || kinds.includes(message.kind)) &&
    (filter.source === undefined || message.source === filter.source) &&
    (filter.since === undefined || message.createdAt >= filter.since) &&
    (device.kind === 'all' ||
      (device.kind === 'here'
        ? message.source !== 'sync'
        : message.source === 'sync' && syncDeviceOf(message) === device.id));
}

async function newestMatching(
  db: CountersignDatabase,
  filter: AuditFilter,
  device: DeviceScope,
  count: number,
): Promise<Matches> {
  const kinds = filter.kinds?.length ? filter.kinds : undefined;
  const matches = matcher(filter, device);
  const newestOf = (rows: AuditMessage[]) => ({
    rows: rows.filter(matches).sort(newestFirst).slice(0, count),
  });
  const byTime = (
    filter.since === undefined
      ? db.auditMessages.orderBy('createdAt')
      : db.auditMessages.where('createdAt').aboveOrEqual(filter.since)
  ).reverse();

  if (
    filter.taskId === undefined &&
    kinds === undefined &&
    filter.source === undefined &&
    device.kind === 'all'
  ) {
    return { rows: await byTime.limit(count).toArray() };
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
  return walkBack(
    byTime,
    (message) => message.createdAt,
    matches,
    count,
    count * READS_PER_MESSAGE,
  );
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
  device: DeviceScope,
): Promise<AuditMessage[]> {
  const runKeys = [...new Set(messages.flatMap((message) => wakeRunKey(message) ?? []))];
  if (runKeys.length === 0) return [];
  const onPage = new Set(messages.map((message) => message.id));
  const matches = matcher(filter, device);
  const ofWakes = await db.auditMessages.where('runKey').anyOf(runKeys).toArray();
  return ofWakes.filter((message) => !onPage.has(message.id) && matches(message)).sort(newestFirst);
}

async function taskNames(
  db: CountersignDatabase,
  taskIds: readonly string[],
): Promise<Map<string, TaskName>> {
  const tasks = await db.tasks.bulkGet([...new Set(taskIds)]);
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

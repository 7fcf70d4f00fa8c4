/**
 * Activity across devices: the decisions other devices made (synced as rows of
 * `decisions`), read by the time they were made, and what this device recorded of the
 * batches it applied from them (`syncApplied`), so a synced decision is listed as the
 * decision it is, at its own time, and not as "Synced from another device".
 */
import { changeItemId, type Decision, type DecisionMethod } from '../../domain/change-set';
import type { CountersignDatabase } from '../database';
import { walkBack, type WalkedBack } from './activity-walk-back';

/** Which decisions of other devices a page shows. */
export interface RemoteDecisionFilter {
  taskId?: string;
  /** Made at or after this time. */
  since?: string;
  /** One device's only. */
  deviceId?: string;
  verdict?: 'confirmed' | 'rejected';
  actor?: 'user' | 'rule';
}

/** A decision another device made, as Activity shows it. */
export interface RemoteDecision {
  id: string;
  changeSetId: string;
  taskId: string;
  itemIndex: number;
  summary: string;
  verdict: 'confirmed' | 'rejected';
  actor: Decision['actor'];
  method?: DecisionMethod;
  /** Confirmed with changes: the person edited the proposal first. */
  edited: boolean;
  rejectionReason?: string;
  decidedAt: string;
  deviceId: string;
  /** The device whose agent proposed it, when its item recorded that. */
  proposedOn?: string;
  undoneAt?: string;
}

/** What this device applied of another device's operation. */
export interface SyncedBatch {
  deviceId: string;
  /** The operation's kind: `decision`, `proposal`, `journal`, … */
  kind: string;
}

/** Decisions per message asked for a walk may read before it says how far it searched. */
const READS_PER_DECISION = 50;

/**
 * The newest `count` decisions other devices made that match, newest first. A person's
 * confirmations and rejections only: an expiry or a retraction is each device's own
 * bookkeeping, not something a person did.
 */
export async function newestRemoteDecisions(
  db: CountersignDatabase,
  here: string,
  filter: RemoteDecisionFilter,
  count: number,
): Promise<WalkedBack<RemoteDecision>> {
  const matches = (decision: Decision) =>
    decision.deviceId !== here &&
    decision.deletedAt === undefined &&
    (decision.verdict === 'confirmed' || decision.verdict === 'rejected') &&
    (filter.deviceId === undefined || decision.deviceId === filter.deviceId) &&
    (filter.taskId === undefined || decision.taskId === filter.taskId) &&
    (filter.since === undefined || decision.decidedAt >= filter.since) &&
    (filter.verdict === undefined || decision.verdict === filter.verdict) &&
    (filter.actor === undefined || decision.actor === filter.actor);
  let found: WalkedBack<Decision>;
  if (filter.taskId !== undefined) {
    // One task's decisions are few: by the task index, sorted here.
    const ofTask = await db.decisions.where('taskId').equals(filter.taskId).toArray();
    found = { rows: ofTask.filter(matches).sort(newestFirst).slice(0, count) };
  } else {
    const byTime =
      filter.since === undefined
        ? db.decisions.orderBy('decidedAt')
        : db.decisions.where('decidedAt').aboveOrEqual(filter.since);
    found = await walkBack(
      byTime.reverse(),
      (decision) => decision.decidedAt,
      matches,
      count,
      count * READS_PER_DECISION,
    );
  }
  return { ...found, rows: found.rows.map(shown) };
}

/**
 * The decisions with the device whose agent proposed each, read from their items: one
 * read per decision on the page, whatever the length of the journal.
 */
export async function withProposers(
  db: CountersignDatabase,
  decisions: readonly RemoteDecision[],
): Promise<RemoteDecision[]> {
  if (decisions.length === 0) return [];
  const items = await db.changeItems.bulkGet(
    decisions.map((decision) => changeItemId(decision.changeSetId, decision.itemIndex)),
  );
  return decisions.map((decision, index) => {
    const proposedOn = items[index]?.proposedOn;
    return proposedOn ? { ...decision, proposedOn } : decision;
  });
}

/** The batches of other devices that the given sync run keys (`sync:<operation id>`) applied. */
export async function syncedBatches(
  db: CountersignDatabase,
  runKeys: readonly (string | undefined)[],
): Promise<Map<string, SyncedBatch>> {
  const operationIds = [
    ...new Set(runKeys.flatMap((key) => (key?.startsWith('sync:') ? [key.slice(5)] : []))),
  ];
  const rows = operationIds.length > 0 ? await db.syncApplied.bulkGet(operationIds) : [];
  const batches = new Map<string, SyncedBatch>();
  for (const row of rows) {
    if (row) batches.set(`sync:${row.operationId}`, { deviceId: row.deviceId, kind: row.kind });
  }
  return batches;
}

function shown(decision: Decision): RemoteDecision {
  return {
    id: decision.id,
    changeSetId: decision.changeSetId,
    taskId: decision.taskId,
    itemIndex: decision.itemIndex,
    summary: decision.humanSummary ?? decision.toolName,
    verdict: decision.verdict === 'rejected' ? 'rejected' : 'confirmed',
    actor: decision.actor,
    ...(decision.method && { method: decision.method }),
    edited: decision.appliedArgs !== undefined,
    ...(decision.rejectionReason && { rejectionReason: decision.rejectionReason }),
    decidedAt: decision.decidedAt,
    deviceId: decision.deviceId,
    ...(decision.undoneAt && { undoneAt: decision.undoneAt }),
  };
}

function newestFirst(a: Decision, b: Decision): number {
  return a.decidedAt < b.decidedAt ? 1 : a.decidedAt > b.decidedAt ? -1 : 0;
}

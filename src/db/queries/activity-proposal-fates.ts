/**
 * What became of the proposals an Activity page names: the change items a wake's call was
 * queued as, or the item a confirmation or rejection decided, each with its latest decision.
 */
import type { AuditMessage } from '../../domain/audit';
import {
  changeItemId,
  type ChangeItem,
  type ChangeItemStatus,
  type Decision,
} from '../../domain/change-set';
import type { CountersignDatabase } from '../database';
import { wakeRunKey } from './activity-wake-run-key';

/** One proposed change as it stands now, and the latest decision on it. */
export interface ProposalFate {
  itemId: string;
  toolName: string;
  /** The item's summary, with names as the wake read them. */
  summary: string;
  status: ChangeItemStatus;
  rationale?: string;
  /** The device whose agent proposed it, when the item recorded that. */
  proposedOn?: string;
  /** Why it can no longer be applied, for a failed item. */
  error?: string;
  decision?: Pick<
    Decision,
    'verdict' | 'actor' | 'decidedAt' | 'undoneAt' | 'rejectionReason' | 'deviceId' | 'method'
  >;
}

/**
 * The change items behind the page's proposals, and their latest decisions. A wake's
 * deferred call is queued as items whose `groupId` is the call's id, proposed while the
 * wake ran (one wake per task at a time, so the window names the wake); the wake audits
 * that call under the operation id `<runKey>:<call id>` (src/agent/wake-audit.ts). A
 * confirmation's operation key names its item (`confirm:<set>:<index>:<rev>`), a rejection's too
 * (`reject:<item>:<nonce>`, src/confirmation/decide-item.ts).
 */
export async function proposalFates(
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
    ...(item.proposedOn && { proposedOn: item.proposedOn }),
    ...(item.error && { error: item.error }),
    ...(decision && {
      decision: {
        verdict: decision.verdict,
        actor: decision.actor,
        decidedAt: decision.decidedAt,
        deviceId: decision.deviceId,
        ...(decision.method && { method: decision.method }),
        ...(decision.undoneAt && { undoneAt: decision.undoneAt }),
        ...(decision.rejectionReason && { rejectionReason: decision.rejectionReason }),
      },
    }),
  };
}

/** The item a confirmation or a rejection decided, from its operation key. */
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

/** Builds decision rows: one per verdict on one change item, with who, when and where. */
import type { ChangeItem, Decision, DecisionMethod } from '../domain/change-set';
import { canonicalJson } from '../domain/canonical-json';

export function newDecision(fields: {
  item: ChangeItem;
  verdict: Decision['verdict'];
  actor: Decision['actor'];
  deviceId: string;
  now: string;
  /** The task's category as the decision's transaction reads it. */
  categoryId: string | undefined;
  rejectionReason?: string;
  operationId?: string;
  method?: DecisionMethod;
  /** What the person applied, when it differs from what was proposed. */
  appliedArgs?: Record<string, unknown>;
}): Decision {
  const { item } = fields;
  const reason = fields.rejectionReason?.trim();
  const edited =
    fields.appliedArgs !== undefined &&
    canonicalJson(fields.appliedArgs) !== canonicalJson(item.args);
  return {
    id: crypto.randomUUID(),
    changeSetId: item.changeSetId,
    taskId: item.taskId,
    ...(fields.categoryId !== undefined ? { categoryId: fields.categoryId } : {}),
    itemIndex: item.itemIndex,
    toolName: item.toolName,
    args: item.args,
    ...(edited ? { appliedArgs: fields.appliedArgs } : {}),
    fingerprint: item.fingerprint,
    humanSummary: item.humanSummary,
    verdict: fields.verdict,
    actor: fields.actor,
    ...(reason ? { rejectionReason: reason.slice(0, 500) } : {}),
    ...(fields.operationId ? { operationId: fields.operationId } : {}),
    ...(fields.method ? { method: fields.method } : {}),
    proposedAt: item.proposedAt,
    decidedAt: fields.now,
    deviceId: fields.deviceId,
    createdAt: fields.now,
    updatedAt: fields.now,
    rev: 1,
    vectorClock: { [fields.deviceId]: 1 },
  };
}

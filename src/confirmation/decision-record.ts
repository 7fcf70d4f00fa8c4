/** Builds decision rows: one per verdict on one change item, with who, when and where. */
import type { ChangeItem, Decision } from '../domain/change-set';

export function newDecision(fields: {
  changeSetId: string;
  taskId: string;
  itemIndex: number;
  item: ChangeItem;
  verdict: Decision['verdict'];
  actor: Decision['actor'];
  deviceId: string;
  now: string;
  rejectionReason?: string;
  operationId?: string;
}): Decision {
  const reason = fields.rejectionReason?.trim();
  return {
    id: crypto.randomUUID(),
    changeSetId: fields.changeSetId,
    taskId: fields.taskId,
    itemIndex: fields.itemIndex,
    toolName: fields.item.toolName,
    args: fields.item.args,
    fingerprint: fields.item.fingerprint,
    humanSummary: fields.item.humanSummary,
    verdict: fields.verdict,
    actor: fields.actor,
    ...(reason ? { rejectionReason: reason.slice(0, 500) } : {}),
    ...(fields.operationId ? { operationId: fields.operationId } : {}),
    decidedAt: fields.now,
    deviceId: fields.deviceId,
    createdAt: fields.now,
    updatedAt: fields.now,
    rev: 1,
    vectorClock: { [fields.deviceId]: 1 },
  };
}

/** Decisions as sync carries them: one from another device, one of this device waiting to claim. */
import type { SyncPushRecord } from '../../src/db/sync-rows';
import type { Decision } from '../../src/domain/change-set';
import { stamp } from './factories';

/** Another device's decision (`other`, at `at`) on item 0 of `changeSetId`. */
export function remoteDecision(id: string, changeSetId: string, at: string): Decision {
  return {
    id,
    ...stamp(at, 1, 'other'),
    changeSetId,
    taskId: 'task-1',
    itemIndex: 0,
    toolName: 'update_task_estimate',
    args: { minutes: 5 },
    fingerprint: 'f',
    verdict: 'rejected',
    actor: 'user',
    decidedAt: at,
    deviceId: 'other',
  };
}

/** A decision of this device waiting to claim its item on the server (not claimed yet). */

export function pendingClaimPush(changeSetId: string): SyncPushRecord {
  return {
    operationId: 'own-decision',
    sequence: 1,
    state: 'pending',
    attempts: 0,
    updatedAt: 0,
    outboxId: 'own-outbox',
    kind: 'decision',
    claim: { changeSetId, itemIndex: 0, decisionId: 'own', verdict: 'confirmed', round: 0 },
  };
}

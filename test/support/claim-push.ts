/** A decision of this device waiting to claim its item on the server (not claimed yet). */
import type { SyncPushRecord } from '../../src/db/sync-rows';

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

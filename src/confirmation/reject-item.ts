/**
 * Rejecting one proposed change: a decision with the optional reason, in the same
 * transaction as the item's status (and, for a label, its suppression on the task). The
 * rejected fingerprint is never proposed again for this task: the wake reads it from the
 * decisions.
 */
import type { CountersignDatabase } from '../db/database';
import { getDeviceId } from '../db/settings';
import type { DecisionMethod } from '../domain/change-set';
import { stampFieldWrites } from '../domain/field-writes';
import { bumpClock } from '../domain/vector-clock';
import { runOperation } from '../dispatcher/run-operations';
import { decideItem, type ShownItem } from './decide-item';
import type { ReviewResult } from './review-result';

const REJECTION_REASON_MAX = 500;

export async function rejectItem(
  db: CountersignDatabase,
  changeSetId: string,
  itemIndex: number,
  options: { reason?: string; method?: DecisionMethod; now?: () => Date; shown?: ShownItem } = {},
): Promise<ReviewResult> {
  const verdict = {
    verdict: 'rejected' as const,
    reason: options.reason,
    ...(options.method ? { method: options.method } : {}),
  };
  return decideItem(
    db,
    changeSetId,
    itemIndex,
    verdict,
    (options.now?.() ?? new Date()).toISOString(),
    options.shown,
  );
}

/**
 * Adds or changes the reason on a rejection, after the fact (the reason never blocks the
 * swipe). An operation of its own, so the reason reaches the person's other devices.
 */
export async function setRejectionReason(
  db: CountersignDatabase,
  decisionId: string,
  reason: string,
): Promise<void> {
  const trimmed = reason.trim().slice(0, REJECTION_REASON_MAX);
  const deviceId = await getDeviceId(db);
  const now = new Date().toISOString();
  await runOperation(
    db,
    {
      operationKey: `reason:${decisionId}:${now}`,
      kind: 'decision',
      followUp: async () => {
        const decision = await db.decisions.get(decisionId);
        if (!decision || decision.verdict !== 'rejected') return { value: undefined };
        const { rejectionReason: _previous, ...rest } = decision;
        const next = stampFieldWrites(
          decision,
          {
            ...rest,
            ...(trimmed ? { rejectionReason: trimmed } : {}),
            updatedAt: now,
            rev: decision.rev + 1,
            vectorClock: bumpClock(decision.vectorClock, deviceId),
          },
          { deviceId, now },
        );
        await db.decisions.put(next);
        return {
          value: undefined,
          diffs: [{ table: 'decisions', id: decisionId, before: decision, after: next }],
        };
      },
    },
    { tables: ['decisions'] },
  );
}

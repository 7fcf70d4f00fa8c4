/**
 * Rejecting one proposed change: a decision with the optional reason, the item status
 * and the set status, in one transaction. The rejected fingerprint is never proposed
 * again for this task (the wake reads it from the decisions), and a rejected label is
 * suppressed on the task through dispatch(), in the same transaction.
 */
import type { CountersignDatabase } from '../db/database';
import { getDeviceId } from '../db/settings';
import { describeStorageProblem } from '../db/storage-problem';
import {
  applyPreparedDispatch,
  DISPATCH_TABLES,
  DispatchFailure,
  prepareDispatch,
  type PreparedDispatch,
} from '../dispatcher/dispatch';
import { newDecision } from './decision-record';
import type { ReviewResult } from './review-result';
import { putItemStatus } from './update-change-set';

export const REJECTION_REASON_MAX = 500;

export async function rejectItem(
  db: CountersignDatabase,
  changeSetId: string,
  itemIndex: number,
  options: { reason?: string; now?: () => Date } = {},
): Promise<ReviewResult> {
  const now = (options.now?.() ?? new Date()).toISOString();
  const set = await db.changeSets.get(changeSetId);
  const item = set?.items[itemIndex];
  if (!set || !item) return { status: 'missing', message: 'This proposal no longer exists.' };
  if (item.status !== 'pending')
    return { status: 'already-decided', message: `This change was already ${item.status}.` };
  try {
    const deviceId = await getDeviceId(db);
    let suppression: PreparedDispatch | undefined;
    if (item.toolName === 'assign_task_label') {
      suppression = await prepareDispatch(
        db,
        'suppress_task_label',
        { id: item.args.id },
        {
          source: 'user',
          taskId: set.taskId,
          // A fresh key per rejection: the pending check in the transaction already makes a
          // rejection happen once, and a rejection undone and made again must suppress again.
          runKey: `reject:${changeSetId}:${itemIndex}:${crypto.randomUUID()}`,
          now,
        },
      );
    }
    const outcome = await db.transaction(
      'rw',
      [...DISPATCH_TABLES(db), db.changeSets, db.decisions],
      async () => {
        const fresh = await db.changeSets.get(changeSetId);
        const freshItem = fresh?.items[itemIndex];
        if (!fresh || !freshItem) return { kind: 'missing' as const };
        if (freshItem.status !== 'pending')
          return { kind: 'decided' as const, status: freshItem.status };
        // The suppression's operation goes on the decision, so undoing the rejection lifts it.
        const suppressed = suppression ? await applyPreparedDispatch(db, suppression) : undefined;
        const decision = newDecision({
          changeSetId,
          taskId: fresh.taskId,
          itemIndex,
          item: freshItem,
          verdict: 'rejected',
          actor: 'user',
          deviceId,
          now,
          rejectionReason: options.reason,
          operationId: suppressed?.operationId,
        });
        await db.decisions.add(decision);
        await putItemStatus(db, fresh, itemIndex, { status: 'rejected' }, deviceId, now);
        return { kind: 'rejected' as const, decisionId: decision.id };
      },
    );
    if (outcome.kind === 'missing')
      return { status: 'missing', message: 'This proposal no longer exists.' };
    if (outcome.kind === 'decided')
      return { status: 'already-decided', message: `This change was already ${outcome.status}.` };
    return {
      status: 'rejected',
      message: `Rejected: ${item.humanSummary}.`,
      decisionId: outcome.decisionId,
    };
  } catch (error) {
    if (error instanceof DispatchFailure) return { status: 'failed', message: error.result.output };
    const problem = describeStorageProblem(error);
    return { status: 'failed', message: `${problem.title}. ${problem.advice}` };
  }
}

/** Adds or changes the reason on a rejection, after the fact (the reason never blocks the swipe). */
export async function setRejectionReason(
  db: CountersignDatabase,
  decisionId: string,
  reason: string,
): Promise<void> {
  const trimmed = reason.trim().slice(0, REJECTION_REASON_MAX);
  await db.transaction('rw', db.decisions, async () => {
    const decision = await db.decisions.get(decisionId);
    if (!decision || decision.verdict !== 'rejected') return;
    await db.decisions.put({
      ...decision,
      ...(trimmed ? { rejectionReason: trimmed } : { rejectionReason: undefined }),
      updatedAt: new Date().toISOString(),
      rev: decision.rev + 1,
    });
  });
}

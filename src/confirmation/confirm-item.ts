/**
 * Confirming one proposed change (ADR 0006, "Confirmation Service Design"): re-read the
 * change set, refuse an item no longer pending, ask before overwriting a field the
 * person changed since the proposal, then apply it through dispatch() and record the
 * decision, the item status and the derived set status in the SAME IndexedDB
 * transaction as the journal write, its ledger row, audit and outbox (invariant 3).
 * A handler failure rolls all of it back and leaves the item pending; a failure that can
 * never succeed marks the item failed with the reason.
 */
import type { CountersignDatabase } from '../db/database';
import { createJournalReader } from '../db/journal-store';
import { getDeviceId } from '../db/settings';
import { describeStorageProblem } from '../db/storage-problem';
import {
  DispatchFailure,
  applyPreparedDispatch,
  prepareDispatch,
  recordDispatchFailure,
  DISPATCH_TABLES,
} from '../dispatcher/dispatch';
import { newDecision } from './decision-record';
import type { ReviewResult } from './review-result';
import { describeStaleness } from './describe-staleness';
import { itemStaleness } from './staleness';
import { putItemStatus } from './update-change-set';

export interface ConfirmOptions {
  /** The person saw that the field changed since the proposal and wants it applied anyway. */
  applyAnyway?: boolean;
  /** `rule`: applied by a trusted-tool rule, not by a person. */
  actor?: 'user' | 'rule';
  now?: () => Date;
}

export async function confirmItem(
  db: CountersignDatabase,
  changeSetId: string,
  itemIndex: number,
  options: ConfirmOptions = {},
): Promise<ReviewResult> {
  const actor = options.actor ?? 'user';
  const now = (options.now?.() ?? new Date()).toISOString();
  const set = await db.changeSets.get(changeSetId);
  const item = set?.items[itemIndex];
  if (!set || !item) return { status: 'missing', message: 'This proposal no longer exists.' };
  if (item.status !== 'pending') return alreadyDecided(item.status);

  try {
    const deviceId = await getDeviceId(db);
    // Everything that is not IndexedDB (hashing the operation id) happens before the
    // transaction opens, so it cannot end the transaction early. The run key ties the
    // operation to this item: a retried confirmation is recognised, never applied twice.
    const prepared = await prepareDispatch(db, item.toolName, item.args, {
      source: actor === 'rule' ? 'rule' : 'confirmation',
      taskId: set.taskId,
      agentId: set.agentId,
      runKey: `confirm:${changeSetId}:${itemIndex}`,
      summary: item.humanSummary,
      now,
    });
    const journal = createJournalReader(db);
    const outcome = await db.transaction(
      'rw',
      [...DISPATCH_TABLES(db), db.changeSets, db.decisions],
      async () => {
        const fresh = await db.changeSets.get(changeSetId);
        const freshItem = fresh?.items[itemIndex];
        if (!fresh || !freshItem) return { kind: 'missing' as const };
        if (freshItem.status !== 'pending')
          return { kind: 'decided' as const, status: freshItem.status };
        if (!options.applyAnyway) {
          const staleness = await itemStaleness(journal, fresh.taskId, freshItem);
          if (staleness.stale) {
            const changed = describeStaleness(staleness) ?? 'Changed since proposed';
            return {
              kind: 'stale' as const,
              message: `${changed}. Applying it would overwrite that change; choose "Apply anyway" if you still want it.`,
            };
          }
        }
        const applied = await applyPreparedDispatch(db, prepared);
        const decision = newDecision({
          changeSetId,
          taskId: fresh.taskId,
          itemIndex,
          item: freshItem,
          verdict: 'confirmed',
          actor,
          deviceId,
          now,
          operationId: applied.operationId,
        });
        await db.decisions.add(decision);
        await putItemStatus(db, fresh, itemIndex, { status: 'confirmed' }, deviceId, now);
        return { kind: 'applied' as const, decision, output: applied.output, noop: applied.noop };
      },
    );
    switch (outcome.kind) {
      case 'missing':
        return { status: 'missing', message: 'This proposal no longer exists.' };
      case 'decided':
        return alreadyDecided(outcome.status);
      case 'stale':
        return { status: 'stale', message: outcome.message };
      case 'applied':
        return {
          status: 'applied',
          message: outcome.noop
            ? `Nothing to change: ${outcome.output}`
            : `Applied: ${item.humanSummary}.`,
          decisionId: outcome.decision.id,
        };
    }
  } catch (error) {
    if (!(error instanceof DispatchFailure)) {
      const problem = describeStorageProblem(error);
      return { status: 'failed', message: `${problem.title}. ${problem.advice}` };
    }
    await recordDispatchFailure(db, error);
    const { result } = error;
    if (result.policyDenied) return { status: 'denied', message: result.output };
    if (result.nonRetryable) {
      await markFailed(db, changeSetId, itemIndex, result.output, now);
      return {
        status: 'failed-permanently',
        message: `This change can no longer be applied: ${result.output}`,
      };
    }
    return { status: 'failed', message: `Not applied: ${result.output}` };
  }
}

function alreadyDecided(status: string): ReviewResult {
  const words: Record<string, string> = {
    confirmed: 'This change was already confirmed.',
    rejected: 'This change was already rejected.',
    expired: 'This proposal expired before it was reviewed.',
    failed: 'This change could not be applied and was set aside.',
    undone: 'This change was applied and then undone.',
  };
  return {
    status: 'already-decided',
    message: words[status] ?? `This change is already ${status}.`,
  };
}

/** A failure that can never succeed: take the item out of the pending list, with the reason. */
async function markFailed(
  db: CountersignDatabase,
  changeSetId: string,
  itemIndex: number,
  reason: string,
  now: string,
) {
  const deviceId = await getDeviceId(db);
  await db.transaction('rw', db.changeSets, async () => {
    const set = await db.changeSets.get(changeSetId);
    if (set?.items[itemIndex]?.status !== 'pending') return;
    await putItemStatus(db, set, itemIndex, { status: 'failed', error: reason }, deviceId, now);
  });
}

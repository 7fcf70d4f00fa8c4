/**
 * Sends one operation and settles what happened, as the reconciliation spec says: on an
 * uncertain outcome, reconcile at once; "applied" ends it, "failed" (definitely not on
 * the server) pushes again, "retry" leaves it `needs_reconcile` for the background loop.
 * Pushing again is safe: the server keeps one message per operation and refuses a copy.
 */
import {
  describe,
  policyOf,
  reconcileWithin,
  requireRow,
  save,
  stillUnknown,
  type PushDeps,
} from './push-deps';
import type { PushRow } from './push-row';
import type { PushOutcome } from './push-target';
import { backoffMs } from './reconciliation-policy';

/** Records a new push as `pending` (once: an existing row is returned unchanged). */
export async function enqueuePush(
  deps: PushDeps,
  operationId: string,
  sequence: number,
): Promise<PushRow> {
  const existing = await deps.store.get(operationId);
  if (existing) return existing;
  const row: PushRow = {
    operationId,
    sequence,
    state: 'pending',
    attempts: 0,
    updatedAt: deps.clock.now(),
  };
  await deps.store.put(row);
  return row;
}

export async function pushOne(deps: PushDeps, operationId: string): Promise<PushRow> {
  let row = await requireRow(deps, operationId);
  if (!canPush(row)) return row;
  const policy = policyOf(deps);
  for (let push = 1; ; push++) {
    row = await save(deps, row, { state: 'in_flight', nextAttemptAt: undefined });
    const outcome = await send(deps, operationId);
    if (outcome.status === 'applied') {
      return save(deps, row, { state: 'applied', lastError: undefined });
    }
    if (outcome.status === 'rejected') {
      return outcome.retryable
        ? save(deps, row, {
            state: 'pending',
            nextAttemptAt: deps.clock.now() + policy.baseBackoffMs,
            lastError: outcome.error,
          })
        : save(deps, row, { state: 'failed', lastError: outcome.error });
    }
    const reconcile = deps.target.reconcile?.bind(deps.target);
    if (!reconcile) {
      return save(deps, row, {
        state: 'indeterminate',
        lastError: `${outcome.error} This server cannot tell whether it landed.`,
      });
    }
    const result = await reconcileWithin(deps, reconcile, operationId);
    if (result.status === 'applied') {
      return save(deps, row, { state: 'applied', lastError: undefined });
    }
    if (result.status === 'retry') {
      return stillUnknown(deps, row, row.attempts, result.error ?? outcome.error);
    }
    row = await save(deps, row, {
      state: 'failed',
      lastError: `${outcome.error} It is not on the server, so it is sent again.`,
    });
    if (push >= policy.pushesPerRun) {
      return save(deps, row, {
        state: 'pending',
        nextAttemptAt: deps.clock.now() + backoffMs(policy, row.attempts),
      });
    }
  }
}

/**
 * Applied rows are done; `needs_reconcile` belongs to the loop and `indeterminate` to the
 * person; a push the person skipped stays skipped. A `failed` or `in_flight` row may be
 * pushed again: the server refuses a second copy, so the worst case is a wasted request.
 */
function canPush(row: PushRow): boolean {
  if (row.state === 'failed') return row.resolution?.choice !== 'skip';
  return row.state === 'pending' || row.state === 'in_flight';
}

async function send(deps: PushDeps, operationId: string): Promise<PushOutcome> {
  try {
    return await deps.target.push(operationId);
  } catch (error) {
    // A target that throws has not said the operation was refused: assume it may have landed.
    return { status: 'uncertain', error: describe(error) };
  }
}

/**
 * What the push runtime works with, and the steps its functions share. Every state
 * change is written to the store before the next network call, so a crash at any point
 * leaves a row that says what is known (an `in_flight` row means "outcome unknown").
 */
import type { PushClock } from './push-clock';
import type { PushRow } from './push-row';
import type { PushStore } from './push-store';
import type { PushTarget, ReconcileResult } from './push-target';
import {
  backoffMs,
  RECONCILIATION_POLICY,
  type ReconciliationPolicy,
} from './reconciliation-policy';

export interface PushDeps {
  store: PushStore;
  target: PushTarget;
  clock: PushClock;
  /** Defaults to RECONCILIATION_POLICY; tests pass a short one. */
  policy?: ReconciliationPolicy;
}

class UnknownPushError extends Error {
  override readonly name = 'UnknownPushError';
  constructor(readonly operationId: string) {
    super(`No push is recorded for operation ${operationId}: enqueue it first.`);
  }
}

export function policyOf(deps: PushDeps): ReconciliationPolicy {
  return deps.policy ?? RECONCILIATION_POLICY;
}

export async function requireRow(deps: PushDeps, operationId: string): Promise<PushRow> {
  const row = await deps.store.get(operationId);
  if (!row) throw new UnknownPushError(operationId);
  return row;
}

/** Writes the row with `changes` applied; `undefined` in `changes` clears a field. */
export async function save(
  deps: PushDeps,
  row: PushRow,
  changes: Partial<PushRow>,
): Promise<PushRow> {
  const next: PushRow = { ...row, ...changes, updatedAt: deps.clock.now() };
  for (const key of Object.keys(changes) as (keyof PushRow)[]) {
    if (changes[key] === undefined) delete next[key];
  }
  await deps.store.put(next);
  return next;
}

/**
 * Asks the target whether the operation landed, within `timeoutMs`. A throw or a
 * timeout is `retry`: not knowing is not evidence either way.
 */
export async function reconcileWithin(
  deps: PushDeps,
  reconcile: (operationId: string) => Promise<ReconcileResult>,
  operationId: string,
): Promise<ReconcileResult> {
  const timeoutMs = policyOf(deps).immediateReconcileTimeoutMs;
  let handle: unknown;
  const timedOut = new Promise<ReconcileResult>((resolve) => {
    handle = deps.clock.setTimeout(
      () =>
        resolve({ status: 'retry', error: `"Did it land?" got no answer within ${timeoutMs} ms.` }),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([
      reconcile(operationId).catch((error: unknown): ReconcileResult => ({
        status: 'retry',
        error: describe(error),
      })),
      timedOut,
    ]);
  } finally {
    deps.clock.clearTimeout(handle);
  }
}

/** Still unknown after `attempts` attempts: wait and ask again, or hand it to the person. */
export async function stillUnknown(
  deps: PushDeps,
  row: PushRow,
  attempts: number,
  error: string | undefined,
): Promise<PushRow> {
  const policy = policyOf(deps);
  if (attempts >= policy.maxAttempts) {
    return save(deps, row, {
      state: 'indeterminate',
      attempts,
      nextAttemptAt: undefined,
      lastError:
        `No answer after ${attempts} attempts to check whether it landed. ${error ?? ''}`.trim(),
    });
  }
  return save(deps, row, {
    state: 'needs_reconcile',
    attempts,
    nextAttemptAt: deps.clock.now() + backoffMs(policy, attempts),
    lastError: error,
  });
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

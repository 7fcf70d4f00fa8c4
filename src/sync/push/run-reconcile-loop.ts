/**
 * The background loop of the reconciliation spec: each tick takes the due rows in order
 * and asks again "did it land?" (`needs_reconcile`, or an `in_flight` row a crash left
 * behind), or pushes them (`pending` rows whose wait is over). After
 * `maxAttempts` unanswered checks a push becomes `indeterminate`: the person decides.
 */
import { describe, reconcileWithin, save, stillUnknown, type PushDeps } from './push-deps';
import { pushOne } from './push-one';
import type { PushRow } from './push-row';

export interface TickSummary {
  /** Rows looked at in this tick, in order. */
  processed: number;
  applied: number;
  indeterminate: number;
  /** Rows that stay for a later tick (needs_reconcile or pending). */
  waiting: number;
}

/** One tick. Never throws for one row's sake: a row that cannot be handled is left for later. */
export async function runReconcileLoop(deps: PushDeps): Promise<TickSummary> {
  const due = await deps.store.listDue(deps.clock.now());
  const summary: TickSummary = { processed: 0, applied: 0, indeterminate: 0, waiting: 0 };
  for (const row of due) {
    summary.processed++;
    let after: PushRow;
    try {
      after =
        row.state === 'pending'
          ? await pushOne(deps, row.operationId)
          : await reconcileOnce(deps, row);
    } catch (error) {
      after = await save(deps, row, { lastError: describe(error) });
    }
    if (after.state === 'applied') summary.applied++;
    else if (after.state === 'indeterminate') summary.indeterminate++;
    else if (after.state !== 'failed') summary.waiting++;
  }
  return summary;
}

async function reconcileOnce(deps: PushDeps, row: PushRow): Promise<PushRow> {
  const reconcile = deps.target.reconcile?.bind(deps.target);
  if (!reconcile) {
    return save(deps, row, {
      state: 'indeterminate',
      nextAttemptAt: undefined,
      lastError: 'This server cannot tell whether the operation landed.',
    });
  }
  const attempts = row.attempts + 1;
  const result = await reconcileWithin(deps, reconcile, row.operationId);
  if (result.status === 'applied') {
    return save(deps, row, {
      state: 'applied',
      attempts,
      nextAttemptAt: undefined,
      lastError: undefined,
    });
  }
  if (result.status === 'failed') {
    const failed = await save(deps, row, {
      state: 'failed',
      attempts,
      nextAttemptAt: undefined,
      lastError: 'It is not on the server, so it is sent again.',
    });
    return pushOne(deps, failed.operationId);
  }
  return stillUnknown(deps, row, attempts, result.error);
}

export interface ReconcileLoopHandle {
  /** Runs a tick now (after the one in progress, if any). */
  runNow(): Promise<TickSummary>;
  /**
   * Runs `task` (a `pushOne`, a `resolveIndeterminate`) between ticks, never during one:
   * one runtime acts on one row at a time, so an `in_flight` row seen by a tick is always
   * one a crash left behind.
   */
  serialize<T>(task: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Runs `runReconcileLoop` every `intervalMs` while the app is open; ticks never overlap.
 * Rows live in the store, so after a reload a new loop picks up where the last stopped.
 */
export function startReconcileLoop(
  deps: PushDeps,
  intervalMs = 1_000,
  onTick?: (summary: TickSummary) => void,
): ReconcileLoopHandle {
  let stopped = false;
  let handle: unknown;
  let chain: Promise<unknown> = Promise.resolve();
  const serialize = <T>(task: () => Promise<T>): Promise<T> => {
    const next = chain.then(task);
    chain = next.catch(() => undefined);
    return next;
  };
  const tick = () => serialize(() => runReconcileLoop(deps));
  const schedule = () => {
    if (stopped) return;
    handle = deps.clock.setTimeout(() => {
      void tick()
        .then((summary) => onTick?.(summary))
        .catch(() => undefined)
        .finally(schedule);
    }, intervalMs);
  };
  schedule();
  return {
    runNow: tick,
    serialize,
    async stop() {
      stopped = true;
      deps.clock.clearTimeout(handle);
      await chain;
    },
  };
}

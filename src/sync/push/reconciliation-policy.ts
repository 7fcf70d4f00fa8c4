/**
 * The reconciliation policy of every push, in one place (reconciliation spec, "Policy
 * Configuration"). With 5 attempts doubling from 10 s the waits are 10, 20, 40, 80 and
 * 160 s, so the 10-minute cap only matters if attempts are raised; it stays anyway.
 */
export interface ReconciliationPolicy {
  /** Background "did it land?" attempts before the push becomes `indeterminate`. */
  maxAttempts: number;
  /** Wait before the first background attempt; doubles after each. */
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** How long the immediate reconcile after an uncertain push may take before it counts as `retry`. */
  immediateReconcileTimeoutMs: number;
  /** Pushes within one `pushOne` when reconcile keeps saying "not there" (then it waits). */
  pushesPerRun: number;
}

export const RECONCILIATION_POLICY: ReconciliationPolicy = Object.freeze({
  maxAttempts: 5,
  baseBackoffMs: 10_000,
  maxBackoffMs: 10 * 60 * 1000,
  immediateReconcileTimeoutMs: 30_000,
  pushesPerRun: 2,
});

/** The wait before the next background attempt, after `attempts` attempts so far. */
export function backoffMs(policy: ReconciliationPolicy, attempts: number): number {
  return Math.min(policy.baseBackoffMs * 2 ** Math.max(0, attempts), policy.maxBackoffMs);
}

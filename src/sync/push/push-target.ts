/**
 * Where pushes go, seen from the reconciliation runtime: send one operation, and
 * optionally answer "did it land?" (the spec's `reconcile()`). A target without
 * `reconcile` cannot resolve an uncertain push, so such a push becomes `indeterminate`
 * at once and the person decides.
 */

export type PushOutcome =
  /** The server has the operation (stored now, or it already had it). */
  | { status: 'applied' }
  /** The server refused it, or it was never sent: it did not happen. */
  | { status: 'rejected'; error: string; retryable: boolean }
  /** It may or may not have happened (a timeout after sending, a dropped connection). */
  | { status: 'uncertain'; error: string };

export interface ReconcileResult {
  status: 'applied' | 'failed' | 'retry';
  error?: string;
}

export interface PushTarget {
  push(operationId: string): Promise<PushOutcome>;
  reconcile?(operationId: string): Promise<ReconcileResult>;
}

/**
 * Storage of push rows. Phase 2 keeps them in Dexie; tests use `createMemoryPushStore`.
 * Rows are values: a store never hands out an object it keeps, so a caller cannot
 * change a row without `put`.
 */
import type { PushRow } from './push-row';

export interface PushStore {
  get(operationId: string): Promise<PushRow | undefined>;
  put(row: PushRow): Promise<void>;
  /**
   * Rows the loop should act on at `now`, in `sequence` order: `pending` and
   * `needs_reconcile` rows whose `nextAttemptAt` is unset or ≤ now, and every `in_flight`
   * row (while the runtime is idle, an in-flight row can only be a push interrupted by a
   * crash or a closed tab: its outcome is unknown).
   */
  listDue(now: number): Promise<PushRow[]>;
  /** Rows waiting for the person's decision, in `sequence` order. */
  listIndeterminate(): Promise<PushRow[]>;
}

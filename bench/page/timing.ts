/**
 * Clocks and counters shared by the measurements. Each measurement returns raw samples in
 * milliseconds; the statistics happen in Node (scripts/bench/stats.mjs). Series that are
 * compared run interleaved, alternating which goes first, so drift (GC, IndexedDB
 * compaction, a busy core) lands on both sides rather than on one.
 */
import type { CountersignDatabase } from '../../src/db/database';
import type { DispatchResult } from '../../src/dispatcher/dispatch-types';

export async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function runInOrder(first: boolean, left: () => Promise<void>, right: () => Promise<void>) {
  return first ? left().then(right) : right().then(left);
}

/** A dispatch that must succeed and change something, or the measurement means nothing. */
export async function requireSuccess(result: Promise<DispatchResult>, what: string) {
  const outcome = await result;
  if (!outcome.success) throw new Error(`${what} failed: ${outcome.output}`);
  if (outcome.noop) throw new Error(`${what} was a no-op; the benchmark must make a real change`);
  return outcome;
}

export interface TransactionCounts {
  readwrite: number;
  readonly: number;
}

/**
 * Counts the IndexedDB transactions `action` opens through Dexie (one per call outside an
 * explicit transaction), by wrapping the top of the connection's DBCore stack, which every
 * Dexie transaction is created through. Only used on warm-up rounds, never on a timed one.
 */
export async function countTransactions<T>(
  db: CountersignDatabase,
  action: () => Promise<T>,
): Promise<{ value: T; counts: TransactionCounts }> {
  const core = db.core;
  const original = core.transaction;
  const counts: TransactionCounts = { readwrite: 0, readonly: 0 };
  core.transaction = (...args: Parameters<typeof original>) => {
    counts[args[1]] += 1;
    return original.apply(core, args);
  };
  try {
    return { value: await action(), counts };
  } finally {
    core.transaction = original;
  }
}

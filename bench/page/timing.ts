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
  /**
   * Readonly transactions over the tallies alone: the navigation badge's live query
   * (countPendingItems, on every page) re-running after a write to the proposal tables.
   * They are the page's, not the measured action's, so they are not in the counts above.
   */
  badge: number;
  /** Every transaction of the action in the order opened: its mode and its tables (sorted). */
  log: { mode: 'readwrite' | 'readonly'; tables: string[] }[];
}

/** Only countPendingItems reads the tallies table alone (a get per tally, outside a transaction). */
const isBadgeQuery = (mode: string, tables: readonly string[]) =>
  mode === 'readonly' && tables.length === 1 && tables[0] === 'tallies';

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
  const counts: TransactionCounts = { readwrite: 0, readonly: 0, badge: 0, log: [] };
  core.transaction = (...args: Parameters<typeof original>) => {
    const [stores, mode] = args;
    const tables = [...stores].sort();
    if (isBadgeQuery(mode, tables)) counts.badge += 1;
    else {
      counts[mode] += 1;
      counts.log.push({ mode, tables });
    }
    return original.apply(core, args);
  };
  try {
    return { value: await action(), counts };
  } finally {
    core.transaction = original;
  }
}

/** A transaction of the page: when it was opened and when it ended (performance.now()). */
export interface TransactionRecord {
  mode: 'readwrite' | 'readonly';
  tables: string[];
  openedAt: number;
  endedAt?: number;
  outcome?: 'complete' | 'abort' | 'error';
}

/**
 * Records every transaction of the app's connection from now on (same DBCore hook as
 * countTransactions, left in place for the page's life): the swipe measurement reads from
 * it when the decision's reads started and when its transaction committed. Costs a
 * listener per transaction.
 */
export function watchTransactions(db: CountersignDatabase): () => TransactionRecord[] {
  const core = db.core;
  const original = core.transaction;
  const log: TransactionRecord[] = [];
  core.transaction = (...args: Parameters<typeof original>) => {
    const transaction: unknown = original.apply(core, args);
    const record: TransactionRecord = {
      mode: args[1],
      tables: [...args[0]].sort(),
      openedAt: performance.now(),
    };
    log.push(record);
    if (transaction instanceof IDBTransaction) {
      for (const outcome of ['complete', 'abort', 'error'] as const) {
        transaction.addEventListener(outcome, () => {
          record.endedAt ??= performance.now();
          record.outcome ??= outcome;
        });
      }
    }
    return transaction as ReturnType<typeof original>;
  };
  return () => log.splice(0);
}

type AnyTable = CountersignDatabase['tables'][number];

/** IndexedDB requests by table and kind ("changeItems get"), in the order first seen. */
export type RequestCounts = Record<string, number>;

const REQUEST_METHODS = ['get', 'getMany', 'query', 'openCursor', 'count', 'mutate'] as const;

/**
 * Counts the IndexedDB requests `action` makes through Dexie's tables (each table's DBCore:
 * get, getMany, query, openCursor, count, and mutate by its type), so a figure can say
 * what its time is spent on: every request is a round trip to the browser's storage
 * process. Wraps each table's core for the duration; only used on warm-up rounds. The
 * navigation badge's reads (see isBadgeQuery) are left out, as in countTransactions.
 */
export async function countRequests<T>(
  db: CountersignDatabase,
  action: () => Promise<T>,
): Promise<{ value: T; requests: RequestCounts }> {
  const requests: RequestCounts = {};
  // Dexie keeps two Table objects per table (db.table(name) and the db.name property), each
  // with its own core: both are wrapped.
  const tables = new Set(
    db.tables.flatMap((table) => [
      table,
      (db as unknown as Record<string, AnyTable | undefined>)[table.name],
    ]),
  );
  const originals = [...tables]
    .filter((table): table is AnyTable => table !== undefined)
    .map((table) => [table, table.core] as const);
  for (const [table, core] of originals) {
    const wrapped = { ...core };
    for (const method of REQUEST_METHODS) {
      const original = core[method] as (request: unknown) => unknown;
      (wrapped as Record<string, unknown>)[method] = (request: {
        type?: string;
        trans?: unknown;
      }) => {
        const { trans } = request;
        const badge =
          trans instanceof IDBTransaction && isBadgeQuery(trans.mode, [...trans.objectStoreNames]);
        if (!badge) {
          const key = `${table.name} ${method === 'mutate' ? (request.type ?? method) : method}`;
          requests[key] = (requests[key] ?? 0) + 1;
        }
        return original.call(core, request);
      };
    }
    table.core = wrapped;
  }
  try {
    return { value: await action(), requests };
  } finally {
    for (const [table, core] of originals) table.core = core;
  }
}

/**
 * How many rows one transaction of catch-up takes (decision 0012): as many as fit a time
 * budget, measured as it goes. Nothing can give the page a turn inside an IndexedDB
 * transaction (it commits once the page's task ends with no request pending), so a
 * transaction's rows bound the longest task of catch-up: on a busy or slow device each row
 * takes longer, and each transaction takes fewer, down to MIN_ROWS.
 */
import { GROUP_ROWS } from './group-incoming';

/** Wall time one transaction of catch-up aims at: its tasks are parts of it. */
export const TRANSACTION_BUDGET_MS = 40;
const MIN_ROWS = 10;
/** Weight of the newest measurement: a few transactions follow a change of load. */
const NEWEST_WEIGHT = 0.5;

export interface CatchUpPace {
  /** Rows the next transaction (and any group in it) may take. */
  rows(): number;
  /** A transaction of `rows` rows took `ms`, from its start to its commit. */
  record(rows: number, ms: number): void;
}

/**
 * The budget and the most rows a transaction takes. The page's defaults bound its tasks;
 * off the page (the sync worker, the agent device) a transaction may be longer, since no
 * frame waits for it, and fewer commits make catch-up faster (decision 0012).
 */
export interface PaceShape {
  budgetMs: number;
  maxRows: number;
}

export const PAGE_PACE: PaceShape = { budgetMs: TRANSACTION_BUDGET_MS, maxRows: GROUP_ROWS };

export function catchUpPace({ budgetMs, maxRows }: PaceShape = PAGE_PACE): CatchUpPace {
  let msPerRow: number | undefined;
  return {
    rows: () =>
      msPerRow === undefined
        ? Math.min(GROUP_ROWS, maxRows)
        : Math.max(MIN_ROWS, Math.min(maxRows, Math.floor(budgetMs / msPerRow))),
    record(rows, ms) {
      if (rows <= 0) return;
      const each = ms / rows;
      msPerRow = msPerRow === undefined ? each : msPerRow + NEWEST_WEIGHT * (each - msPerRow);
    },
  };
}

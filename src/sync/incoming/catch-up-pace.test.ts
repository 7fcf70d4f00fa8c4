import { describe, expect, it } from 'vitest';
import { catchUpPace, TRANSACTION_BUDGET_MS } from './catch-up-pace';
import { GROUP_ROWS } from './group-incoming';

describe('catch-up pace', () => {
  it('starts with whole groups, takes fewer rows when each costs more, and more again once they cost less', () => {
    const pace = catchUpPace();
    expect(pace.rows()).toBe(GROUP_ROWS);
    // A busy device: 100 rows took ten budgets.
    pace.record(100, 10 * TRANSACTION_BUDGET_MS);
    expect(pace.rows()).toBe(10);
    pace.record(10, TRANSACTION_BUDGET_MS / 4);
    const recovering = pace.rows();
    expect(recovering).toBeGreaterThan(10);
    expect(recovering).toBeLessThan(GROUP_ROWS);
    for (let round = 0; round < 10; round++) pace.record(100, TRANSACTION_BUDGET_MS / 4);
    expect(pace.rows()).toBe(GROUP_ROWS);
  });

  it('never goes below ten rows, nor learns from a transaction of none', () => {
    const pace = catchUpPace();
    pace.record(0, 10_000);
    expect(pace.rows()).toBe(GROUP_ROWS);
    pace.record(1, 10_000);
    expect(pace.rows()).toBe(10);
  });

  it('off the page, grows to its own larger cap and budget', () => {
    const page = catchUpPace();
    const worker = catchUpPace({ budgetMs: 250, maxRows: 500 });
    // 100 rows in 20 ms: the page stays at its 100, the worker takes 500 (its cap).
    for (const pace of [page, worker]) pace.record(100, 20);
    expect(page.rows()).toBe(GROUP_ROWS);
    expect(worker.rows()).toBe(500);
    // Slower rows: the worker's budget bounds it, not the page's.
    worker.record(500, 2_500);
    expect(worker.rows()).toBeLessThan(500);
    expect(worker.rows()).toBeGreaterThan(GROUP_ROWS / 2);
  });
});

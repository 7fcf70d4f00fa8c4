import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewResult } from '../../confirmation/review-result';
import { DATA_WAIT_MS, useSettle } from './use-settle';

const shows = (rows: readonly string[], key: string) => rows.includes(key);
const applied: ReviewResult = { status: 'applied', message: 'Applied.', decisionId: 'd1' };

function renderSettle(rows: readonly string[]) {
  return renderHook(({ rows }) => useSettle(rows, shows), { initialProps: { rows } });
}

describe('useSettle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds the decided row, collapsing, until the collapse is over and the live data has let it go', async () => {
    const hook = renderSettle(['a', 'b']);
    let settled: Promise<ReviewResult> | undefined;
    await act(async () => {
      settled = hook.result.current.settle('a', () => Promise.resolve(applied));
      await Promise.resolve();
    });
    expect(hook.result.current.leaving.has('a')).toBe(true);

    // The collapse is over, but the list's next read has not landed: the old rows stay
    // (the row collapsed), so the row does not come back and push the others down.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(hook.result.current.shown).toEqual(['a', 'b']);
    expect(hook.result.current.leaving.has('a')).toBe(true);

    // The read lands: the list shows it, and the row is no longer leaving.
    await act(async () => {
      hook.rerender({ rows: ['b'] });
      await vi.advanceTimersByTimeAsync(0);
    });
    await expect(settled).resolves.toEqual(applied);
    expect(hook.result.current.shown).toEqual(['b']);
    expect(hook.result.current.leaving.size).toBe(0);
    expect(hook.result.current.settling.size).toBe(0);
  });

  it('lets the live data through once the collapse is over when the read landed during it', async () => {
    const hook = renderSettle(['a', 'b']);
    await act(async () => {
      void hook.result.current.settle('a', () => Promise.resolve(applied));
      await Promise.resolve();
    });
    act(() => hook.rerender({ rows: ['b'] }));
    // Still held while collapsing.
    expect(hook.result.current.shown).toEqual(['a', 'b']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(hook.result.current.shown).toEqual(['b']);
  });

  it('gives up waiting for the data after a while, rather than freezing the list', async () => {
    const hook = renderSettle(['a', 'b']);
    await act(async () => {
      void hook.result.current.settle('a', () => Promise.resolve(applied));
      await Promise.resolve();
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DATA_WAIT_MS - 10);
    });
    expect(hook.result.current.leaving.has('a')).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20);
    });
    expect(hook.result.current.leaving.size).toBe(0);
    expect(hook.result.current.shown).toEqual(['a', 'b']);
  });

  it('does not wait for the data when the row stays (a change that was not applied)', async () => {
    const hook = renderSettle(['a', 'b']);
    const stale: ReviewResult = { status: 'stale', message: 'Changed since proposed.' };
    let settled: Promise<ReviewResult> | undefined;
    await act(async () => {
      settled = hook.result.current.settle('a', () => Promise.resolve(stale));
      await Promise.resolve();
    });
    await expect(settled).resolves.toEqual(stale);
    expect(hook.result.current.leaving.size).toBe(0);
    expect(hook.result.current.settling.size).toBe(0);
  });
});

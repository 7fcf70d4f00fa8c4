import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewResult } from '../../../confirmation/review-result';
import { DATA_WAIT_MS, useRowLifecycle } from './use-row-lifecycle';

const shows = (rows: readonly string[], key: string) => rows.includes(key);
const applied: ReviewResult = { status: 'applied', message: 'Applied.', decisionId: 'd1' };

const list = { current: null };

function renderLifecycle(rows: readonly string[]) {
  return renderHook(({ rows }) => useRowLifecycle(rows, shows, list), { initialProps: { rows } });
}

const decideA = (result: ReviewResult) => ({
  key: 'a',
  next: 'b',
  decide: () => Promise.resolve(result),
});

describe('useRowLifecycle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds the decided row, collapsing, until the collapse is over and the live data has let it go', async () => {
    const hook = renderLifecycle(['a', 'b']);
    let finished: Promise<{ result: ReviewResult; left: boolean }> | undefined;
    await act(async () => {
      finished = hook.result.current.decide(decideA(applied));
      await Promise.resolve();
    });
    expect(hook.result.current.phaseOf('a')).toBe('leaving');

    // The collapse is over, but the list's next read has not landed: the old rows stay
    // (the row collapsed), so the row does not come back and push the others down.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(hook.result.current.shown).toEqual(['a', 'b']);
    expect(hook.result.current.phaseOf('a')).toBe('leaving');

    // The read lands: the list shows it, and the row is no longer leaving.
    await act(async () => {
      hook.rerender({ rows: ['b'] });
      await vi.advanceTimersByTimeAsync(0);
    });
    await expect(finished).resolves.toEqual({ result: applied, left: true });
    expect(hook.result.current.shown).toEqual(['b']);
    expect(hook.result.current.phaseOf('a')).toBeUndefined();
  });

  it('lets the live data through once the collapse is over when the read landed during it', async () => {
    const hook = renderLifecycle(['a', 'b']);
    await act(async () => {
      void hook.result.current.decide(decideA(applied));
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
    const hook = renderLifecycle(['a', 'b']);
    await act(async () => {
      void hook.result.current.decide(decideA(applied));
      await Promise.resolve();
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DATA_WAIT_MS - 10);
    });
    expect(hook.result.current.phaseOf('a')).toBe('leaving');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20);
    });
    expect(hook.result.current.phaseOf('a')).toBeUndefined();
    expect(hook.result.current.shown).toEqual(['a', 'b']);
  });

  it('does not wait for the data when the row stays (a change that was not applied)', async () => {
    const hook = renderLifecycle(['a', 'b']);
    const stale: ReviewResult = { status: 'stale', message: 'Changed since proposed.' };
    let finished: Promise<{ result: ReviewResult; left: boolean }> | undefined;
    await act(async () => {
      finished = hook.result.current.decide(decideA(stale));
      await Promise.resolve();
    });
    await expect(finished).resolves.toEqual({ result: stale, left: false });
    expect(hook.result.current.phaseOf('a')).toBeUndefined();
  });
});

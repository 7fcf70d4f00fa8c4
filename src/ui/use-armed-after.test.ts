import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useArmedAfter } from './use-armed-after';

describe('useArmedAfter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('arms a moment after the control appears, and disarms when it goes', () => {
    const { result, rerender } = renderHook(({ present }) => useArmedAfter(present, 0), {
      initialProps: { present: true },
    });
    expect(result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(600));
    expect(result.current).toBe(true);
    rerender({ present: false });
    expect(result.current).toBe(false);
  });

  it('ignores taps again for a moment when the control moves to another place', () => {
    const { result, rerender } = renderHook(({ at }) => useArmedAfter(true, at), {
      initialProps: { at: 240 },
    });
    act(() => void vi.advanceTimersByTime(600));
    expect(result.current).toBe(true);
    // The group above was confirmed: this group's heading moved up into its place.
    rerender({ at: 0 });
    expect(result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(599));
    expect(result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    // Rendered again where it is: still armed.
    rerender({ at: 0 });
    expect(result.current).toBe(true);
  });
});

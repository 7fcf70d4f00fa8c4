/**
 * A function whose identity never changes but that always runs the latest `callback`: for
 * handlers passed to memoized rows, so a list re-render (a swipe renders several times)
 * does not re-render every row because each got a new closure. Not for use during render.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useStableCallback<Args extends unknown[], Result>(
  callback: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}

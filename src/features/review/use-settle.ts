/**
 * Nothing moves under a finger: while a decided row collapses (about 200 ms, none under
 * reduced motion), the list keeps showing what it showed, and only then lets the live data
 * through, so the rows below close up smoothly instead of jumping. A rejected row does not
 * collapse: its reason prompt takes its place.
 *
 * The hold lasts until the live data has let the row go, not only until the collapse ends:
 * on a busy device the list's next read can land after the collapse, and letting the older
 * data through then would bring the row back, opening again and pushing the rows below it
 * down before they close up.
 */
import { useEffect, useRef, useState } from 'react';
import type { ReviewResult } from '../../confirmation/review-result';
import { leavesTheList } from './review-actions-state';

/** How long a decided row takes to collapse (matches .review-collapse in review.css). */
const COLLAPSE_MS = 200;
/** The longest the list waits for its data to let a decided row go, before showing it anyway. */
export const DATA_WAIT_MS = 3_000;

function collapseMs(): number {
  const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  return reduced ? 0 : COLLAPSE_MS;
}

/**
 * `current` is the live data, `shows(current, key)` whether it still has the row `key`.
 */
export function useSettle<T>(current: T, shows: (value: T, key: string) => boolean) {
  const [held, setHeld] = useState<{ value: T }>();
  const [leaving, setLeaving] = useState<ReadonlySet<string>>(new Set());
  /** Rows whose decision runs or whose collapse has not ended: they show what they showed. */
  const [settling, setSettling] = useState<ReadonlySet<string>>(new Set());
  const inFlight = useRef(0);
  /** The live data as last rendered, and who waits for it to change. */
  const latest = useRef({ current, shows });
  const waiting = useRef(new Set<() => void>());

  useEffect(() => {
    latest.current = { current, shows };
    for (const check of waiting.current) check();
  });

  /** Resolves once the live data no longer has the row (or after DATA_WAIT_MS). */
  function dataLetGo(key: string): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!latest.current.shows(latest.current.current, key)) done();
      };
      const timer = setTimeout(done, DATA_WAIT_MS);
      function done() {
        clearTimeout(timer);
        waiting.current.delete(check);
        resolve();
      }
      waiting.current.add(check);
      check();
    });
  }

  /** Runs a decision on the row `key`, holding the shown list until its row has collapsed. */
  async function settle(key: string, action: () => Promise<ReviewResult>): Promise<ReviewResult> {
    inFlight.current += 1;
    // A second decision while the first settles holds what is already held.
    setHeld((previous) => previous ?? { value: current });
    setSettling((keys) => new Set(keys).add(key));
    let result: ReviewResult | undefined;
    try {
      result = await action();
      if (leavesTheList(result) && result.status !== 'rejected') {
        setLeaving((keys) => new Set(keys).add(key));
        await Promise.all([
          new Promise((resolve) => setTimeout(resolve, collapseMs())),
          dataLetGo(key),
        ]);
      }
      return result;
    } finally {
      inFlight.current -= 1;
      if (inFlight.current === 0) setHeld(undefined);
      setLeaving((keys) => without(keys, key));
      setSettling((keys) => without(keys, key));
    }
  }

  return { shown: held ? held.value : current, leaving, settling, settle };
}

function without(keys: ReadonlySet<string>, key: string): ReadonlySet<string> {
  if (!keys.has(key)) return keys;
  const next = new Set(keys);
  next.delete(key);
  return next;
}

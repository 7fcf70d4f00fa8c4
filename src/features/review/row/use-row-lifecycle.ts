/**
 * The list's side of a row's lifecycle (row-lifecycle.ts), one hook for the task's card and
 * the Review inbox: it runs a row's decision, holds what the list shows while the row
 * decides and leaves, says whether the row left, and moves the focus on.
 *
 * Nothing moves under a finger: while a decided row collapses (about 200 ms, none under
 * reduced motion), the list keeps showing what it showed, and only then lets the live data
 * through, so the rows below close up smoothly instead of jumping. A rejected row does not
 * collapse: its reason prompt takes its place.
 *
 * The hold lasts until the live data has let the row go, not only until the collapse ends:
 * on a busy device the list's next read can land after the collapse, and letting the older
 * data through then would bring the row back, opening again and pushing the rows below it
 * down before they close up. Should the data keep the row (another tab undid the decision
 * at once), the row comes back after DATA_WAIT_MS rather than stay out of sight.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ReviewResult } from '../../../confirmation/review-result';
import { nextPhase, verdictOf, type ListPhase, type RowPhase } from './row-lifecycle';
import { findRowElement, rowHasFocus } from './row-elements';

/** How long a decided row takes to collapse (matches .review-row-place--leaving in review.css). */
const COLLAPSE_MS = 200;
/** The longest the list waits for its data to let a decided row go, before showing it anyway. */
export const DATA_WAIT_MS = 3_000;

function collapseMs(): number {
  const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  return reduced ? 0 : COLLAPSE_MS;
}

export interface RowDecision {
  /** The row `key`. */
  key: string;
  /** The row the focus goes on to when the decided one leaves (and had it). */
  next: string | undefined;
  decide(): Promise<ReviewResult>;
}

/**
 * `current` is the live data, `shows(current, key)` whether it still has the row `key`,
 * `list` the element the rows are rendered in.
 */
export function useRowLifecycle<T>(
  current: T,
  shows: (value: T, key: string) => boolean,
  list: RefObject<HTMLElement | null>,
) {
  const [held, setHeld] = useState<{ value: T }>();
  const [phases, setPhases] = useState<ReadonlyMap<string, ListPhase>>(new Map());
  const inFlight = useRef(0);
  /** The live data as last rendered, and who waits for it to change. */
  const latest = useRef({ current, shows });
  const waiting = useRef(new Set<() => void>());
  /** The row to focus once it is rendered. */
  const focusTo = useRef<string | undefined>(undefined);

  useEffect(() => {
    latest.current = { current, shows };
    for (const check of waiting.current) check();
  });

  useLayoutEffect(() => {
    if (focusTo.current === undefined) return;
    const element = findRowElement(list.current, focusTo.current);
    if (!element) return;
    focusTo.current = undefined;
    element.focus();
  });

  function move(key: string, phase: RowPhase) {
    setPhases((previous) => {
      const next = new Map(previous);
      if (phase === 'deciding' || phase === 'leaving') next.set(key, phase);
      else next.delete(key);
      return next;
    });
  }

  /** Resolves true once the live data no longer has the row, false after DATA_WAIT_MS. */
  function dataLetGo(key: string): Promise<boolean> {
    return new Promise((resolve) => {
      const check = () => {
        if (!latest.current.shows(latest.current.current, key)) done(true);
      };
      const timer = setTimeout(() => done(false), DATA_WAIT_MS);
      function done(letGo: boolean) {
        clearTimeout(timer);
        waiting.current.delete(check);
        resolve(letGo);
      }
      waiting.current.add(check);
      check();
    });
  }

  /**
   * Runs a row's decision, holding the shown list until the row has left; resolves with the
   * result and whether the row left the list. The focus goes on to `next` when it was on
   * the row (or in a sheet over the list) and the row left.
   */
  async function decide({ key, next, decide: run }: RowDecision) {
    const hadFocus = rowHasFocus(findRowElement(list.current, key));
    inFlight.current += 1;
    // A second decision while the first is deciding or leaving holds what is already held.
    setHeld((previous) => previous ?? { value: current });
    let phase = nextPhase('resting', 'decide');
    move(key, phase);
    try {
      const result = await run();
      phase = nextPhase(phase, verdictOf(result));
      move(key, phase);
      if (phase === 'leaving') {
        const [letGo] = await Promise.all([
          dataLetGo(key),
          new Promise((resolve) => setTimeout(resolve, collapseMs())),
        ]);
        phase = nextPhase(phase, letGo ? 'letGo' : 'cameBack');
      }
      const left = verdictOf(result) !== 'stays';
      if (hadFocus && next !== undefined && left) focusTo.current = next;
      return { result, left };
    } finally {
      inFlight.current -= 1;
      if (inFlight.current === 0) setHeld(undefined);
      move(key, 'gone');
    }
  }

  return {
    shown: held ? held.value : current,
    /** The list's phase of the row `key`: undefined while the row is its own. */
    phaseOf: (key: string): ListPhase | undefined => phases.get(key),
    /** A focus move is on its way to a row not rendered yet. */
    travelling: () => focusTo.current !== undefined,
    decide,
  };
}

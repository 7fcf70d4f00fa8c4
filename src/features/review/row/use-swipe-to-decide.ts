/**
 * Swipe a review row right to confirm, left to reject (react-swipeable, touch only). The
 * row follows the finger once the gesture is clearly horizontal; a vertical gesture is left
 * to the page, which keeps scrolling (rows are `touch-action: pan-y`, and scrolling is
 * prevented only after the gesture turned out horizontal). Released short of the
 * threshold, the row springs back and nothing happens. The swipe is an enhancement: the
 * row's buttons do the same.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSwipeable } from 'react-swipeable';
import { inputTime } from '../../../ui/use-motion-watch';
import { nextPhase, type RowEvent, type RowPhase } from './row-lifecycle';

/** Past this distance, or 35% of the row's width when that is less, a swipe decides. */
export const SWIPE_MAX_THRESHOLD_PX = 120;
const SWIPE_WIDTH_SHARE = 0.35;
const SWIPE_MIN_THRESHOLD_PX = 56;

export function swipeThreshold(rowWidth: number): number {
  if (!(rowWidth > 0)) return SWIPE_MAX_THRESHOLD_PX;
  return Math.max(
    SWIPE_MIN_THRESHOLD_PX,
    Math.min(SWIPE_MAX_THRESHOLD_PX, rowWidth * SWIPE_WIDTH_SHARE),
  );
}

export type SwipeDirection = 'right' | 'left';

/** The finger's part of the row's lifecycle, and what follows a release until the list takes over. */
export type SwipePhase = Extract<
  RowPhase,
  'resting' | 'dragging' | 'armed' | 'deciding' | 'leaving'
>;

export interface SwipeView {
  /** Where the swipe has taken the row (row-lifecycle.ts's `nextPhase`). */
  phase: SwipePhase;
  /** How far the row is moved, in px (positive: right). */
  offset: number;
  /** Which way it is moving, once it moves. */
  direction: SwipeDirection | undefined;
}

/** The finger moves the row (no transition): dragging or armed. */
export const followsFinger = (view: SwipeView) =>
  view.phase === 'dragging' || view.phase === 'armed';

/** Past the threshold, or released there and sliding out: the row says what releasing does. */
export const pastThreshold = (view: SwipeView) =>
  view.phase !== 'resting' && view.phase !== 'dragging';

const AT_REST: SwipeView = { phase: 'resting', offset: 0, direction: undefined };

interface Gesture {
  axis: 'horizontal' | 'vertical' | undefined;
  threshold: number;
  width: number;
}

const NO_GESTURE: Gesture = { axis: undefined, threshold: 0, width: 0 };

/** What the finger, and the decision it started, do to the row. */
type SwipeEvent = Exclude<RowEvent, 'decide' | 'replaced' | 'letGo'>;

export interface SwipeToDecideOptions {
  disabled: boolean;
  /**
   * Asked as a swipe starts, with the input time the finger came down: false ignores it
   * (the row had just moved under the finger).
   */
  ready?: (touchedAt: number) => boolean;
  /**
   * True while the list holds the row in its decision (row-lifecycle.ts): a row swiped out
   * stays out until then, and comes back should the list keep it.
   */
  held: boolean;
  /**
   * Called when a swipe is released past the threshold. Resolves true when the row is
   * leaving (it stays slid out), false to spring back.
   */
  onSwiped(direction: SwipeDirection): Promise<boolean>;
}

const directionOf = (deltaX: number): SwipeDirection | undefined =>
  deltaX > 0 ? 'right' : deltaX < 0 ? 'left' : undefined;

export function useSwipeToDecide({ disabled, ready, held, onSwiped }: SwipeToDecideOptions) {
  const [view, setView] = useState<SwipeView>(AT_REST);
  // Scrolling is prevented only once a gesture is known to be horizontal.
  const [horizontal, setHorizontal] = useState(false);
  const gesture = useRef<Gesture>(NO_GESTURE);
  /** The phase as of the last event (the view may not have rendered it yet). */
  const phase = useRef<SwipePhase>('resting');
  const touchedAt = useRef(0);
  const element = useRef<HTMLElement | null>(null);

  /** Takes the row where `event` leads it from its phase, shown at `offset`. */
  const go = useCallback(
    (event: SwipeEvent, offset: number, direction: SwipeDirection | undefined) => {
      // None of the swipe's events leads to gone: letGo and replaced are the list's.
      const next = nextPhase(phase.current, event) as SwipePhase;
      // An event that does not apply changes nothing, except where the finger moves the row.
      if (next === phase.current && next !== 'dragging' && next !== 'armed') return;
      phase.current = next;
      if (next !== 'resting') return setView({ phase: next, offset, direction });
      gesture.current = NO_GESTURE;
      setHorizontal(false);
      setView(AT_REST);
    },
    [],
  );

  /** The system took the gesture over, or the row cannot decide now. */
  const cancel = useCallback(() => go('cancel', 0, undefined), [go]);
  /** The decision is over and the row is still here: the item stayed, or the list kept it. */
  const rest = useCallback(() => {
    go(phase.current === 'leaving' ? 'cameBack' : 'stays', 0, undefined);
  }, [go]);

  // The list let the row go back to rest (it stayed, or came back): so does the surface.
  const wasHeld = useRef(held);
  useEffect(() => {
    if (wasHeld.current && !held) rest();
    wasHeld.current = held;
  }, [held, rest]);

  /** The finger is at `deltaX`: armed past the threshold (with a buzz as it is crossed). */
  function follow(deltaX: number) {
    const past = Math.abs(deltaX) >= gesture.current.threshold;
    const event = past ? 'arm' : 'disarm';
    if (past && phase.current === 'dragging') navigator.vibrate?.(10);
    go(event, deltaX, directionOf(deltaX));
  }

  const handlers = useSwipeable({
    trackTouch: true,
    trackMouse: false,
    delta: 10,
    preventScrollOnSwipe: horizontal,
    onTouchStartOrOnMouseDown: ({ event }) => {
      touchedAt.current = inputTime('nativeEvent' in event ? event.nativeEvent : event);
    },
    onSwipeStart: (data) => {
      const width = element.current?.getBoundingClientRect().width ?? 0;
      const willing = !disabled && (ready?.(touchedAt.current) ?? true);
      const axis = willing && data.absX > data.absY ? 'horizontal' : 'vertical';
      gesture.current = { axis, threshold: swipeThreshold(width), width };
      if (axis !== 'horizontal') return;
      setHorizontal(true);
      go('drag', 0, undefined);
    },
    onSwiping: (data) => {
      if (gesture.current.axis === 'horizontal') follow(data.deltaX);
    },
    onSwiped: (data) => {
      const { axis, width } = gesture.current;
      if (axis !== 'horizontal') {
        gesture.current = NO_GESTURE;
        return;
      }
      if (disabled) return cancel();
      follow(data.deltaX);
      const direction = directionOf(data.deltaX);
      if (phase.current !== 'armed' || direction === undefined) return go('release', 0, undefined);
      const away = (width > 0 ? width : 600) * (direction === 'right' ? 1 : -1);
      gesture.current = NO_GESTURE;
      setHorizontal(false);
      // Slid out while the decision is made; a decision never made springs back at once,
      // one the list holds when the list lets the row go.
      go('release', away, direction);
      void onSwiped(direction).then(
        (leaving) => (leaving ? go('leaves', away, direction) : rest()),
        () => rest(),
      );
    },
  });

  const { ref: swipeRef } = handlers;
  // react-swipeable does not listen for touchcancel (the system took the gesture over):
  // without this the row would stay where the finger left it.
  const ref = useCallback(
    (node: HTMLElement | null) => {
      element.current = node;
      swipeRef(node);
      if (!node) return;
      node.addEventListener('touchcancel', cancel);
      return () => node.removeEventListener('touchcancel', cancel);
    },
    [swipeRef, cancel],
  );

  return { ref, view };
}

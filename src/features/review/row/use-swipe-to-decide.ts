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

export interface SwipeView {
  /** How far the row is moved, in px (positive: right). */
  offset: number;
  /** True while the finger moves it (no transition), false while it springs back or slides out. */
  dragging: boolean;
  /** Which way it is moving, once it moves. */
  direction: SwipeDirection | undefined;
  /** Past the threshold: releasing now decides. */
  armed: boolean;
}

const AT_REST: SwipeView = { offset: 0, dragging: false, direction: undefined, armed: false };

interface Gesture {
  axis: 'horizontal' | 'vertical' | undefined;
  threshold: number;
  width: number;
  armed: boolean;
}

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

export function useSwipeToDecide({ disabled, ready, held, onSwiped }: SwipeToDecideOptions) {
  const [view, setView] = useState<SwipeView>(AT_REST);
  // Scrolling is prevented only once a gesture is known to be horizontal.
  const [horizontal, setHorizontal] = useState(false);
  const gesture = useRef<Gesture>({ axis: undefined, threshold: 0, width: 0, armed: false });
  const touchedAt = useRef(0);
  const element = useRef<HTMLElement | null>(null);

  const rest = useCallback(() => {
    gesture.current = { axis: undefined, threshold: 0, width: 0, armed: false };
    setHorizontal(false);
    setView(AT_REST);
  }, []);

  // The list let the row go back to rest (it stayed, or came back): so does the surface.
  const wasHeld = useRef(held);
  useEffect(() => {
    if (wasHeld.current && !held) rest();
    wasHeld.current = held;
  }, [held, rest]);

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
      gesture.current = { axis, threshold: swipeThreshold(width), width, armed: false };
      if (axis === 'horizontal') setHorizontal(true);
    },
    onSwiping: (data) => {
      const current = gesture.current;
      if (current.axis !== 'horizontal') return;
      const armed = Math.abs(data.deltaX) >= current.threshold;
      if (armed && !current.armed) navigator.vibrate?.(10);
      current.armed = armed;
      setView({
        offset: data.deltaX,
        dragging: true,
        direction: data.deltaX > 0 ? 'right' : data.deltaX < 0 ? 'left' : undefined,
        armed,
      });
    },
    onSwiped: (data) => {
      const current = gesture.current;
      const decided =
        current.axis === 'horizontal' && !disabled && Math.abs(data.deltaX) >= current.threshold;
      if (!decided) {
        rest();
        return;
      }
      const direction: SwipeDirection = data.deltaX > 0 ? 'right' : 'left';
      const away = (current.width > 0 ? current.width : 600) * (direction === 'right' ? 1 : -1);
      gesture.current = { axis: undefined, threshold: 0, width: 0, armed: false };
      setHorizontal(false);
      // Slide out while the decision is made; a decision never made springs back at once,
      // one the list holds when the list lets the row go.
      setView({ offset: away, dragging: false, direction, armed: true });
      void onSwiped(direction).then(
        (leaving) => {
          if (!leaving) rest();
        },
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
      node.addEventListener('touchcancel', rest);
      return () => node.removeEventListener('touchcancel', rest);
    },
    [swipeRef, rest],
  );

  return { ref, view };
}

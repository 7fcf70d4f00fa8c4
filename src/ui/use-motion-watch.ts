/**
 * The React side of motion-watch.ts: a list watches its controls (`useMotionWatch` on the
 * list, measured after each of its renders and whenever its size changes, as a collapsing
 * row makes it), and each control asks whether a tap now is meant for it
 * (`useSteadyUnderFinger`).
 */
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { createMotionWatch, SETTLE_MS, UNWATCHED, type MotionWatch } from './motion-watch';

export const MotionWatchContext = createContext<MotionWatch>(UNWATCHED);

const unmarking = new WeakMap<Element, ReturnType<typeof setTimeout>>();

/**
 * `data-moved` on an element while it ignores taps: nothing looks different, but a
 * journey's finger (e2e/support/touch.ts) waits it out, as a person's eye does.
 */
function markMoved(element: Element) {
  element.setAttribute('data-moved', '');
  clearTimeout(unmarking.get(element));
  unmarking.set(
    element,
    setTimeout(() => element.removeAttribute('data-moved'), SETTLE_MS),
  );
}

/**
 * The watch for the list in `container`: measured after every render and whenever the
 * container's size changes (the container may come and go with the list).
 */
export function useMotionWatch(container: RefObject<HTMLElement | null>): MotionWatch {
  const [watch] = useState(() => createMotionWatch(undefined, markMoved));
  const observed = useRef<{ element: HTMLElement; observer: ResizeObserver }>(undefined);
  useLayoutEffect(() => {
    watch.measure();
    const element = container.current;
    if (observed.current?.element === element) return;
    observed.current?.observer.disconnect();
    observed.current = undefined;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => watch.measure());
    observer.observe(element);
    observed.current = { element, observer };
  });
  useLayoutEffect(() => () => observed.current?.observer.disconnect(), []);
  return watch;
}

/**
 * A ref for the control's element and `steady()`: false for a moment after the list moved
 * it under the finger.
 */
export function useSteadyUnderFinger() {
  const watch = useContext(MotionWatchContext);
  const element = useRef<Element | null>(null);
  const ref = useCallback(
    (node: Element | null) => {
      element.current = node;
      if (!node) return;
      const stop = watch.watch(node);
      return () => {
        stop();
        element.current = null;
      };
    },
    [watch],
  );
  const steady = useCallback(
    () => element.current === null || watch.steady(element.current),
    [watch],
  );
  return { ref, steady };
}

/**
 * Whether a click is a touch the finger may not mean: a tap (or a pen's) while the control
 * settles. A click from the keyboard (no pointer, `detail` 0) is always meant, and so is a
 * mouse's: its pointer stays where the person aims it, and nothing slides under it unseen.
 */
export function tapTooSoon(
  event: { detail: number; nativeEvent?: Event },
  steady: () => boolean,
): boolean {
  const pointerType = (event.nativeEvent as { pointerType?: string } | undefined)?.pointerType;
  return event.detail !== 0 && pointerType !== 'mouse' && !steady();
}

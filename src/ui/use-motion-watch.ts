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
function markMoved(watch: MotionWatch, element: Element) {
  element.setAttribute('data-moved', '');
  clearTimeout(unmarking.get(element));
  const unmark = (wait: number) =>
    unmarking.set(
      element,
      setTimeout(() => {
        const left = watch.steadyFrom(element) - performance.now();
        if (left <= 0) element.removeAttribute('data-moved');
        else unmark(Number.isFinite(left) ? left : SETTLE_MS);
      }, wait),
    );
  unmark(SETTLE_MS);
}

/**
 * The watch for the list in `container`: measured after every render and whenever the
 * container's size changes (the container may come and go with the list).
 */
export function useMotionWatch(container: RefObject<HTMLElement | null>): MotionWatch {
  const [watch] = useState(() => {
    const created: MotionWatch = createMotionWatch({
      onMove: (element) => markMoved(created, element),
    });
    return created;
  });
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
 * A ref for the control's element and `steady(at)`: whether a tap made at input time `at`
 * (an event's `timeStamp`) was meant for it, false when the list had moved it under the
 * finger less than SETTLE_MS before.
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
    (at: number) => element.current === null || watch.steady(element.current, at),
    [watch],
  );
  return { ref, steady };
}

/**
 * When the input behind `event` happened, on performance.now()'s clock: its `timeStamp`,
 * converted where it counts from the epoch (older engines, jsdom), and never later than now
 * (a time from the future would let a tap through).
 */
export function inputTime(event: Event): number {
  const now = performance.now();
  const stamp = event.timeStamp;
  if (!(stamp > 0)) return now;
  const onClock = stamp > now + 60_000 ? stamp - performance.timeOrigin : stamp;
  return Math.min(onClock, now);
}

/**
 * Whether a click is a touch the finger may not mean: a tap (or a pen's) on a control that
 * had not stood still long enough when the finger acted (the click's input time, however
 * late its handler runs). A click from the keyboard (no pointer, `detail` 0) is always
 * meant, and so is a mouse's: its pointer stays where the person aims it, and nothing slides
 * under it unseen.
 */
export function tapTooSoon(
  event: { detail: number; nativeEvent: Event },
  steady: (at: number) => boolean,
): boolean {
  const pointerType = (event.nativeEvent as { pointerType?: string }).pointerType;
  if (event.detail === 0 || pointerType === 'mouse') return false;
  return !steady(inputTime(event.nativeEvent));
}

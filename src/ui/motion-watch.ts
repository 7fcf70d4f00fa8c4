/**
 * What a finger may act on: a control that the page just moved under it (the row above
 * was decided and collapsed, the next row came up into its place) ignores taps for a
 * moment, so a double tap is one decision. Controls that did not move keep working, and
 * none of them is greyed: the guard is felt only by a tap that came too soon after a move.
 *
 * "Moved under the finger" means its place on the screen and its place in the page both
 * changed. Scrolling changes only the first (the finger moved the page), scroll anchoring
 * only the second (the browser kept the control where it was on screen).
 *
 * The rule is about what the person saw: a tap counts only when the control had stood
 * still, painted in its place, for SETTLE_MS before the tap's own time (the input event's
 * `timeStamp`, not the moment its handler runs). On a starved main thread a handler can run
 * long after the tap and long after the move was measured; the tap is judged by when the
 * finger acted, against the first frame that showed the control where it now is.
 */

/** How long a control must have stood still, on screen, before a tap on it counts. */
export const SETTLE_MS = 600;
/** Smaller moves leave the same control under the finger. */
const MOVE_PX = 4;

/**
 * When a frame first showed a control in its place after it last moved under the finger:
 * -Infinity when it never moved, +Infinity while that frame is still to come.
 */
interface Shown {
  at: number;
}

interface Place {
  screenTop: number;
  screenLeft: number;
  pageTop: number;
  pageLeft: number;
  width: number;
  height: number;
  shown: Shown;
}

export interface MotionWatch {
  /** Starts watching an element; the returned function stops. */
  watch(element: Element): () => void;
  /** Measures every watched element again (after a render, a resize). */
  measure(): void;
  /**
   * The input time from which a tap on the element counts: SETTLE_MS after a frame first
   * showed it where it now stands (+Infinity while it is moving or not yet painted there).
   */
  steadyFrom(element: Element): number;
  /** Whether a tap made at input time `at` was meant for the element. */
  steady(element: Element, at: number): boolean;
}

export interface MotionWatchOptions {
  /** The clock of input events' `timeStamp` (performance.now()). */
  now?: () => number;
  /** Runs the callback at the next frame (requestAnimationFrame). */
  nextFrame?: (callback: () => void) => void;
  /** Told of each move (the page marks the element, so a test's finger can wait it out). */
  onMove?: (element: Element) => void;
}

function placeOf(element: Element, shown: Shown): Place {
  const box = element.getBoundingClientRect();
  const scrollX = globalThis.scrollX ?? 0;
  const scrollY = globalThis.scrollY ?? 0;
  return {
    screenTop: box.top,
    screenLeft: box.left,
    pageTop: box.top + scrollY,
    pageLeft: box.left + scrollX,
    width: box.width,
    height: box.height,
    shown,
  };
}

const apart = (a: number, b: number) => Math.abs(a - b) >= MOVE_PX;

function movedUnderFinger(before: Place, now: Place): boolean {
  const onScreen =
    apart(before.screenTop, now.screenTop) || apart(before.screenLeft, now.screenLeft);
  const inPage = apart(before.pageTop, now.pageTop) || apart(before.pageLeft, now.pageLeft);
  return onScreen && inPage;
}

/** Whether two places share part of the page. */
function samePlace(a: Place, b: Place): boolean {
  return (
    a.pageLeft < b.pageLeft + b.width &&
    b.pageLeft < a.pageLeft + a.width &&
    a.pageTop < b.pageTop + b.height &&
    b.pageTop < a.pageTop + a.height
  );
}

function requestFrame(callback: () => void) {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
  else setTimeout(callback, 16);
}

export function createMotionWatch({
  now = () => performance.now(),
  nextFrame = requestFrame,
  onMove,
}: MotionWatchOptions = {}): MotionWatch {
  const places = new Map<Element, Place>();
  /** Controls that left lately: where they stood, and when a frame first showed the place without them. */
  let gone: { place: Place; empty: Shown }[] = [];
  /** What waits for the next frame to be shown. */
  const unpainted = new Set<Shown>();
  let frameRequested = false;

  function whenPainted(shown: Shown) {
    unpainted.add(shown);
    if (frameRequested) return;
    frameRequested = true;
    nextFrame(() => {
      frameRequested = false;
      const time = now();
      for (const waiting of unpainted) waiting.at = time;
      unpainted.clear();
    });
  }

  function moved(element: Element, place: Place) {
    unpainted.delete(place.shown);
    place.shown = { at: Number.POSITIVE_INFINITY };
    whenPainted(place.shown);
    onMove?.(element);
  }

  function measureOne(element: Element, before: Place) {
    const place = placeOf(element, before.shown);
    if (movedUnderFinger(before, place)) moved(element, place);
    places.set(element, place);
  }

  function steadyFrom(element: Element) {
    const place = places.get(element);
    return place === undefined ? Number.NEGATIVE_INFINITY : place.shown.at + SETTLE_MS;
  }

  return {
    watch(element) {
      // A control that appears where another just stood (a list that placed its row anew)
      // is one that came under the finger; rows arriving at the end of a list are not.
      const time = now();
      const place = placeOf(element, { at: Number.NEGATIVE_INFINITY });
      gone = gone.filter((left) => time - left.empty.at < SETTLE_MS);
      if (gone.some((left) => samePlace(left.place, place))) moved(element, place);
      places.set(element, place);
      return () => {
        const last = places.get(element);
        places.delete(element);
        if (!last) return;
        const left = { place: last, empty: { at: Number.POSITIVE_INFINITY } };
        gone.push(left);
        whenPainted(left.empty);
      };
    },
    measure() {
      for (const [element, before] of places) measureOne(element, before);
    },
    steadyFrom,
    steady: (element, at) => at >= steadyFrom(element),
  };
}

/** Outside a watched list nothing is guarded. */
export const UNWATCHED: MotionWatch = {
  watch: () => () => undefined,
  measure: () => undefined,
  steadyFrom: () => Number.NEGATIVE_INFINITY,
  steady: () => true,
};

/**
 * What a finger may act on: a control that the page just moved under it (the row above
 * was decided and collapsed, the next row came up into its place) ignores taps for a
 * moment, so a double tap is one decision. Controls that did not move keep working, and
 * none of them is greyed: the guard is felt only by a tap that came too soon after a move.
 *
 * "Moved under the finger" means its place on the screen and its place in the page both
 * changed. Scrolling changes only the first (the finger moved the page), scroll anchoring
 * only the second (the browser kept the control where it was on screen).
 */

/** How long a control ignores taps after it moved (the same moment as Confirm all's). */
export const SETTLE_MS = 600;
/** Smaller moves leave the same control under the finger. */
const MOVE_PX = 4;

interface Place {
  screenTop: number;
  screenLeft: number;
  pageTop: number;
  pageLeft: number;
  width: number;
  height: number;
  /** When it last moved under the finger. */
  movedAt: number;
}

export interface MotionWatch {
  /** Starts watching an element; the returned function stops. */
  watch(element: Element): () => void;
  /** Measures every watched element again (after a render, a resize). */
  measure(): void;
  /** Whether a tap on the element now is meant for it: it has not moved in the last moment. */
  steady(element: Element): boolean;
}

function placeOf(element: Element, movedAt: number): Place {
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
    movedAt,
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

export function createMotionWatch(
  now: () => number = () => performance.now(),
  /** Told of each move (the page marks the element, so a test's finger can wait it out). */
  onMove?: (element: Element) => void,
): MotionWatch {
  const places = new Map<Element, Place>();
  /** Controls that left lately, where they last stood. */
  let gone: { place: Place; at: number }[] = [];
  return {
    watch(element) {
      // A control that appears where another just stood (a list that placed its row anew)
      // is one that came under the finger; rows arriving at the end of a list are not.
      const time = now();
      const place = placeOf(element, Number.NEGATIVE_INFINITY);
      gone = gone.filter((left) => time - left.at < SETTLE_MS);
      if (gone.some((left) => samePlace(left.place, place))) {
        place.movedAt = time;
        onMove?.(element);
      }
      places.set(element, place);
      return () => {
        const last = places.get(element);
        if (last) gone.push({ place: last, at: now() });
        places.delete(element);
      };
    },
    measure() {
      const time = now();
      for (const [element, before] of places) {
        const place = placeOf(element, before.movedAt);
        if (movedUnderFinger(before, place)) {
          place.movedAt = time;
          onMove?.(element);
        }
        places.set(element, place);
      }
    },
    steady(element) {
      const place = places.get(element);
      return place === undefined || now() - place.movedAt >= SETTLE_MS;
    },
  };
}

/** Outside a watched list nothing is guarded. */
export const UNWATCHED: MotionWatch = {
  watch: () => () => undefined,
  measure: () => undefined,
  steady: () => true,
};

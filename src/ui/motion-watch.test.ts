import { afterEach, describe, expect, it } from 'vitest';
import { createMotionWatch, SETTLE_MS, type MotionWatch } from './motion-watch';

/** An element whose box the test moves, as layout would. */
function box(top: number) {
  const place = { top };
  const element = {
    getBoundingClientRect: () => ({ top: place.top, left: 0, width: 600, height: 180 }) as DOMRect,
  } as Element;
  return { element, moveTo: (next: number) => void (place.top = next) };
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}

/** A watch on a clock the test sets, whose frames come when the test paints one. */
function watchOnClock(start = 1_000) {
  const clock = { time: start };
  let frames: (() => void)[] = [];
  const watch = createMotionWatch({
    now: () => clock.time,
    nextFrame: (callback) => void frames.push(callback),
  });
  /** The next frame is shown at `at`. */
  const paint = (at = clock.time) => {
    clock.time = at;
    const due = frames;
    frames = [];
    for (const callback of due) callback();
  };
  return { watch, clock, paint };
}

/** A watched row that the list then moved up by 200 px, measured there. */
function movedUp(watch: MotionWatch) {
  const row = box(400);
  watch.watch(row.element);
  watch.measure();
  row.moveTo(200);
  watch.measure();
  return row.element;
}

afterEach(() => scrollTo(0));

describe('createMotionWatch', () => {
  it('ignores taps for a moment on a control the page moved under the finger', () => {
    const { watch, clock, paint } = watchOnClock();
    const above = box(0);
    const below = box(400);
    watch.watch(above.element);
    watch.watch(below.element);
    watch.measure();
    expect(watch.steady(below.element, clock.time)).toBe(true);

    // The row between them collapsed: the one below came up, and the next frame shows it.
    below.moveTo(200);
    watch.measure();
    paint();
    expect(watch.steady(below.element, clock.time)).toBe(false);
    expect(watch.steady(above.element, clock.time)).toBe(true);
    expect(watch.steady(below.element, clock.time + SETTLE_MS - 1)).toBe(false);
    expect(watch.steady(below.element, clock.time + SETTLE_MS)).toBe(true);
  });

  it('judges a tap by its input time against the first frame that showed the control in place, however late its handler runs', () => {
    const { watch, clock, paint } = watchOnClock();
    // Measured in its new place at 1,000; the starved page paints that at 1,300.
    const next = movedUp(watch);
    paint(1_300);
    // The second tap of a double tap was made at 1,800 and handled at 2,500: the control had
    // stood on screen for only 500 ms when the finger came down.
    clock.time = 2_500;
    expect(watch.steady(next, 1_800)).toBe(false);
    expect(watch.steadyFrom(next)).toBe(1_300 + SETTLE_MS);
    expect(watch.steady(next, 1_300 + SETTLE_MS)).toBe(true);
  });

  it('takes no tap on a moved control until a frame has shown it where it now is', () => {
    const { watch, clock, paint } = watchOnClock();
    const next = movedUp(watch);
    clock.time += 5 * SETTLE_MS;
    expect(watch.steady(next, clock.time)).toBe(false);
    paint();
    expect(watch.steady(next, clock.time + SETTLE_MS)).toBe(true);
  });

  it('counts neither scrolling nor the browser keeping a control in place as a move', () => {
    const { watch, clock } = watchOnClock();
    const row = box(400);
    watch.watch(row.element);
    watch.measure();
    // The finger scrolled the page by 150 px: on screen it moved, in the page it did not.
    scrollTo(150);
    row.moveTo(250);
    watch.measure();
    expect(watch.steady(row.element, clock.time)).toBe(true);
    // A row above the screen collapsed, and scroll anchoring kept this one where it was.
    scrollTo(0);
    watch.measure();
    expect(watch.steady(row.element, clock.time + 10)).toBe(true);
  });

  it('takes taps at once on a control that appears where none was', () => {
    const { watch, clock } = watchOnClock();
    const first = box(0);
    watch.watch(first.element);
    watch.measure();
    const arriving = box(200);
    watch.watch(arriving.element);
    watch.measure();
    expect(watch.steady(arriving.element, clock.time)).toBe(true);
  });

  it('guards a control that appears where another one just stood (a row placed anew)', () => {
    const { watch, clock, paint } = watchOnClock();
    const leaving = box(0);
    const stop = watch.watch(leaving.element);
    watch.measure();
    stop();
    // However long the starved page takes to place the new one, no frame showed the gap.
    clock.time += 5 * SETTLE_MS;
    const anew = box(0);
    watch.watch(anew.element);
    paint();
    expect(watch.steady(anew.element, clock.time)).toBe(false);
    expect(watch.steady(anew.element, clock.time + SETTLE_MS)).toBe(true);
  });

  it('takes taps at once on a control that appears where the page had shown a gap for a while', () => {
    const { watch, clock, paint } = watchOnClock();
    const leaving = box(0);
    const stop = watch.watch(leaving.element);
    watch.measure();
    stop();
    paint();
    clock.time += SETTLE_MS;
    const later = box(0);
    watch.watch(later.element);
    expect(watch.steady(later.element, clock.time)).toBe(true);
  });
});

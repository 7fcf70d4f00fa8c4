import { afterEach, describe, expect, it } from 'vitest';
import { createMotionWatch, SETTLE_MS } from './motion-watch';

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

afterEach(() => scrollTo(0));

describe('createMotionWatch', () => {
  it('ignores taps for a moment on a control the page moved under the finger', () => {
    let time = 1_000;
    const watch = createMotionWatch(() => time);
    const above = box(0);
    const below = box(400);
    watch.watch(above.element);
    watch.watch(below.element);
    watch.measure();
    expect(watch.steady(below.element)).toBe(true);

    // The row between them collapsed: the one below came up.
    below.moveTo(200);
    watch.measure();
    expect(watch.steady(below.element)).toBe(false);
    expect(watch.steady(above.element)).toBe(true);
    time += SETTLE_MS - 1;
    expect(watch.steady(below.element)).toBe(false);
    time += 1;
    expect(watch.steady(below.element)).toBe(true);
  });

  it('counts neither scrolling nor the browser keeping a control in place as a move', () => {
    let time = 1_000;
    const watch = createMotionWatch(() => time);
    const row = box(400);
    watch.watch(row.element);
    watch.measure();
    // The finger scrolled the page by 150 px: on screen it moved, in the page it did not.
    scrollTo(150);
    row.moveTo(250);
    watch.measure();
    expect(watch.steady(row.element)).toBe(true);
    // A row above the screen collapsed, and scroll anchoring kept this one where it was.
    scrollTo(0);
    watch.measure();
    time += 10;
    expect(watch.steady(row.element)).toBe(true);
  });

  it('takes taps at once on a control that appears where none was', () => {
    const watch = createMotionWatch(() => 1_000);
    const first = box(0);
    watch.watch(first.element);
    watch.measure();
    const arriving = box(200);
    watch.watch(arriving.element);
    watch.measure();
    expect(watch.steady(arriving.element)).toBe(true);
  });

  it('guards a control that appears where another one just stood (a row placed anew)', () => {
    let time = 1_000;
    const watch = createMotionWatch(() => time);
    const leaving = box(0);
    const stop = watch.watch(leaving.element);
    watch.measure();
    stop();
    time += 100;
    const anew = box(0);
    watch.watch(anew.element);
    expect(watch.steady(anew.element)).toBe(false);
    time += SETTLE_MS;
    expect(watch.steady(anew.element)).toBe(true);
    // Long after, a control appearing there is just a control appearing.
    const later = box(0);
    watch.watch(later.element);
    expect(watch.steady(later.element)).toBe(true);
  });
});

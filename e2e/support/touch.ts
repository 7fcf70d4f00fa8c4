/**
 * Real touch input through the Chrome DevTools Protocol: trusted touchstart, touchmove
 * and touchend events, as a finger makes them (Playwright's touchscreen only taps).
 */
import type { Locator, Page } from '@playwright/test';

/**
 * Waits while the element (or the row it is in) has just moved under the finger and
 * ignores touches for a moment (`data-moved`, src/ui/use-motion-watch.ts), as a person
 * aims at a row once it stands still. `tapAt` does not wait: it is where a finger already is.
 */
async function untilSteady(target: Locator) {
  await target.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const moving = () =>
          element.closest('[data-moved]') !== null ||
          element.querySelector('[data-moved]') !== null;
        const check = () => (moving() ? setTimeout(check, 50) : resolve());
        check();
      }),
  );
}

async function touchPath(page: Page, points: { x: number; y: number }[]) {
  const session = await page.context().newCDPSession(page);
  const [first, ...rest] = points;
  if (!first) return;
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [first] });
  for (const point of rest) {
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}

/**
 * Drags a finger across the element by `dx`, `dy` pixels in ten steps: from its middle, or
 * from nearer the edge it leaves when the middle is too close to the screen's edge for the
 * whole stroke (a phone), as a thumb would.
 */
export async function swipe(page: Page, target: Locator, dx: number, dy = 0) {
  await untilSteady(target);
  const box = await target.boundingBox();
  if (!box) throw new Error('The element to swipe is not visible.');
  const width = page.viewportSize()?.width ?? Number.POSITIVE_INFINITY;
  const margin = 8;
  const middle = box.x + box.width / 2;
  const fitted = Math.min(Math.max(middle, margin - dx), width - margin - dx);
  const x = Math.min(Math.max(fitted, box.x + margin), box.x + box.width - margin);
  const start = { x, y: box.y + box.height / 2 };
  const points = Array.from({ length: 11 }, (_, step) => ({
    x: start.x + (dx * step) / 10,
    y: start.y + (dy * step) / 10,
  }));
  await touchPath(page, points);
}

/** A tap with a real touch (touchstart + touchend at one point). */
export async function tap(page: Page, target: Locator) {
  await untilSteady(target);
  const box = await target.boundingBox();
  if (!box) throw new Error('The element to tap is not visible.');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await touchPath(page, [point]);
}

/**
 * Where the element stands once it has stood still for longer than the touch guard (600 ms):
 * where a person's finger would be before a tap on a page that just changed.
 */
export async function steadyBox(page: Page, target: Locator) {
  for (;;) {
    await untilSteady(target);
    const before = await target.boundingBox();
    await page.waitForTimeout(700);
    await untilSteady(target);
    const after = await target.boundingBox();
    if (!before || !after) throw new Error('The element is not visible.');
    if (before.x === after.x && before.y === after.y) return after;
  }
}

/** A tap with a real touch at a point of the viewport, whatever is there now. */
export async function tapAt(page: Page, point: { x: number; y: number }) {
  await touchPath(page, [point]);
}

/** How long a finger rests on the glass in a quick tap. */
const TAP_MS = 40;

/**
 * Two taps at a point, the second `gapMs` after the first by the input's own clock, as a
 * person's double tap is: each touch carries the time the finger made it, so a busy machine
 * that delivers the second one late does not stretch the gap (the page judges a tap by its
 * event's `timeStamp`). Resolves once both are delivered.
 */
export async function doubleTapAt(page: Page, point: { x: number; y: number }, gapMs: number) {
  const session = await page.context().newCDPSession(page);
  const touch = async (at: number) => {
    await session.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [point],
      timestamp: at / 1000,
    });
    await page.waitForTimeout(Math.max(0, at + TAP_MS - Date.now()));
    await session.send('Input.dispatchTouchEvent', {
      type: 'touchEnd',
      touchPoints: [],
      timestamp: (at + TAP_MS) / 1000,
    });
  };
  const first = Date.now();
  await touch(first);
  // Made at its time, delivered when the machine gets to it (never before that time).
  await page.waitForTimeout(Math.max(0, first + gapMs - Date.now()));
  await touch(first + gapMs);
  await session.detach();
}

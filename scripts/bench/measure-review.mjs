// Section 8: review. (a) Confirm All of a 20-item change set against the same journal rows
// in one transaction (in the page, interleaved); (b) a real swipe-right on the first row of
// /review with 5,000 items pending (50,000 at --scale 10), its latency read from the
// Event Timing API.
import { openQuietAppPage } from './browser.mjs';

/** Section 8a. */
export function measureConfirmAll(page, { repetitions = 10, warmup = 2, itemCount = 20 } = {}) {
  return page.evaluate((options) => window.__countersignBench.measureConfirmAll(options), {
    repetitions,
    warmup,
    itemCount,
  });
}

/**
 * Runs in the page before the app (addInitScript): records Event Timing entries (every
 * event of at least 16 ms, the API's smallest threshold), long tasks, the touch events'
 * own timestamps, when the first inbox row appears and when an armed row leaves the DOM.
 */
function installInteractionProbe() {
  const state = {
    events: [],
    longTasks: [],
    longFrames: [],
    firstRowAt: null,
    armedAt: null,
    key: null,
    goneAt: null,
    touchStartAt: null,
    touchEndAt: null,
  };
  window.__benchSwipe = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.events.push({
        name: entry.name,
        startTime: entry.startTime,
        duration: entry.duration,
        processingStart: entry.processingStart,
        processingEnd: entry.processingEnd,
        interactionId: entry.interactionId,
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  // Long animation frames name the scripts that ran in them: who to blame for a long task.
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries()) {
        if (frame.blockingDuration <= 0) continue;
        state.longFrames.push({
          startTime: frame.startTime,
          duration: frame.duration,
          blockingDuration: frame.blockingDuration,
          renderMs:
            frame.renderStart > 0 ? frame.startTime + frame.duration - frame.renderStart : 0,
          scripts: [...frame.scripts]
            .sort((a, b) => b.duration - a.duration)
            .slice(0, 3)
            .map((script) => ({
              invoker: script.invoker || script.invokerType,
              source: `${script.sourceFunctionName || '(anonymous)'} ${script.sourceURL.split('/').pop()}`,
              duration: script.duration,
              forcedLayoutMs: script.forcedStyleAndLayoutDuration,
            })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  }
  const options = { capture: true, passive: true };
  addEventListener('touchstart', (event) => (state.touchStartAt = event.timeStamp), options);
  addEventListener('touchend', (event) => (state.touchEndAt = event.timeStamp), options);
  const rowSelector = (key) => `[data-review-key="${key.replace(/["\\]/g, '\\$&')}"]`;
  new MutationObserver(() => {
    if (state.firstRowAt === null && document.querySelector('article[data-review-key]')) {
      state.firstRowAt = performance.now();
    }
    if (
      state.key !== null &&
      state.goneAt === null &&
      !document.querySelector(rowSelector(state.key))
    ) {
      state.goneAt = performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
  /** Starts a swipe's window; `key` is the row that should leave (null: it should stay). */
  state.arm = (key) => {
    state.armedAt = performance.now();
    state.key = key;
    state.goneAt = null;
    state.touchStartAt = null;
    state.touchEndAt = null;
  };
  state.collect = () => ({
    armedAt: state.armedAt,
    touchStartAt: state.touchStartAt,
    touchEndAt: state.touchEndAt,
    goneAt: state.goneAt,
    events: state.events.filter((entry) => entry.startTime >= state.armedAt),
    longTasks: state.longTasks.filter((entry) => entry.startTime >= state.armedAt),
    longFrames: state.longFrames.filter((entry) => entry.startTime >= state.armedAt),
  });
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first inbox row: its key and where to put a finger (on the summary, left of the buttons). */
async function firstRow(page) {
  const row = await page.evaluate(() => {
    const element = document.querySelector('article[data-review-key]');
    if (!element) return null;
    const rect = element.getBoundingClientRect();
    return {
      key: element.dataset.reviewKey,
      x: rect.left + 24,
      y: rect.top + Math.min(40, rect.height / 2),
      width: rect.width,
      text: element.textContent.slice(0, 80),
    };
  });
  if (!row) throw new Error('no row in the Review inbox');
  return row;
}

/** A horizontal swipe by CDP touch events: start, `steps` moves a frame apart, end. */
async function swipe(cdp, { x, y }, distance, steps = 10) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= steps; step++) {
    await pause(16);
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (distance * step) / steps, y }],
    });
  }
  await pause(16);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/**
 * Section 8b. Tops the pending items up to `totalPending` (sets of `itemsPerTask`), opens
 * /review and swipes the first row right, `swipes` times (after `warmup`). Before each, a short swipe (short of the
 * threshold, so the row springs back and nothing is decided) on the same row: the floor, the
 * gesture's own cost on the same page.
 */
export async function measureSwipeConfirm(
  context,
  { totalPending = 5_000, itemsPerTask = 5, swipes = 5, warmup = 1, settleMs = 400 } = {},
) {
  const setupPage = await openQuietAppPage(context);
  let seed;
  let queries;
  try {
    seed = await setupPage.evaluate(
      (options) => window.__countersignBench.seedPendingProposals(options),
      { totalPending, itemsPerTask },
    );
    // What a confirmation in the inbox makes the page re-read, timed on a quiet page.
    queries = await setupPage.evaluate(
      (options) => window.__countersignBench.measurePendingQueries(options),
      { repetitions: 5 },
    );
  } finally {
    await setupPage.close();
  }
  const page = await context.newPage();
  try {
    await page.addInitScript(installInteractionProbe);
    await page.goto('/review');
    await page.locator('article[data-review-key]').first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => window.__countersignBench !== undefined, null, {
      timeout: 10_000,
    });
    const firstRowAt = await page.evaluate(() => window.__benchSwipe.firstRowAt);
    const inboxCount = await page
      .locator('.review-page__count')
      .textContent()
      .catch(() => null);
    await page.waitForTimeout(1_000);
    const cdp = await page.context().newCDPSession(page);
    const confirms = [];
    const springBacks = [];
    for (let round = 0; round < warmup + swipes; round++) {
      const row = await firstRow(page);

      // Floor: 60 px, short of the 120 px threshold: the row follows and springs back.
      await page.evaluate(() => window.__benchSwipe.arm(null));
      await swipe(cdp, row, 60);
      await pause(settleMs);
      const springBack = await page.evaluate(() => window.__benchSwipe.collect());

      await page.evaluate((key) => window.__benchSwipe.arm(key), row.key);
      await swipe(cdp, row, 200);
      try {
        await page.waitForFunction(() => window.__benchSwipe.goneAt !== null, null, {
          timeout: 15_000,
          polling: 50,
        });
      } catch {
        const status = await page.evaluate(
          (key) => window.__countersignBench.reviewItemStatus(key),
          row.key,
        );
        throw new Error(
          `the swiped row "${row.text}" did not leave the inbox within 15 s (item status: ${status})`,
        );
      }
      await pause(settleMs);
      const confirm = await page.evaluate(() => window.__benchSwipe.collect());
      const status = await page.evaluate(
        (key) => window.__countersignBench.reviewItemStatus(key),
        row.key,
      );
      if (status !== 'confirmed') {
        throw new Error(`the swipe on "${row.text}" left the item ${status}, not confirmed`);
      }
      if (round >= warmup) {
        confirms.push({ ...confirm, key: row.key, rowWidth: row.width });
        springBacks.push(springBack);
      }
    }
    await cdp.detach();
    return { seed, queries, firstRowAt, inboxCount, confirms, springBacks, settleMs };
  } finally {
    await page.close();
  }
}

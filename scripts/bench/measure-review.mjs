// Section 8: review. (a) Confirm All of a 20-item change set against the same journal rows
// in one transaction (in the page, interleaved); (b) a real swipe-right on the first row of
// /review with 5,000 items pending: its latency from the Event Timing API, touchend to the
// decision committed and the row marked leaving, and to the next row settled in place
// (section 9). The curve (section 10) runs (b) again on 5,000 and 50,000 pending, in turns.
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
 * own timestamps, when the first inbox row appears, and for an armed swipe: when the row
 * is marked leaving (wrapped in `.review-row-place--leaving`), when it leaves the DOM, and at every
 * frame where the next row's Confirm button is (its getBoundingClientRect, read in
 * requestAnimationFrame, so it is the layout that frame paints).
 */
function installInteractionProbe() {
  const state = {
    events: [],
    longTasks: [],
    longFrames: [],
    firstRowAt: null,
    armedAt: null,
    key: null,
    nextKey: null,
    leavingAt: null,
    goneAt: null,
    frames: [],
    sampling: false,
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
  const rowOf = (key) => document.querySelector(rowSelector(key));
  new MutationObserver(() => {
    if (state.firstRowAt === null && document.querySelector('article[data-review-key]')) {
      state.firstRowAt = performance.now();
    }
    if (state.key === null) return;
    const row = rowOf(state.key);
    if (state.leavingAt === null && row?.closest('.review-row-place--leaving')) {
      state.leavingAt = performance.now();
    }
    if (state.goneAt === null && !row) state.goneAt = performance.now();
  }).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['class'],
  });
  /** One frame: where the next row's Confirm button is, and whether the swiped row is still there. */
  const sample = () => {
    if (!state.sampling) return;
    const button =
      state.nextKey &&
      rowOf(state.nextKey)?.querySelector(
        'button[aria-label^="Confirm"], button[aria-label^="Apply anyway"]',
      );
    const rect = button?.getBoundingClientRect();
    state.frames.push({
      at: performance.now(),
      top: rect ? rect.top : null,
      left: rect ? rect.left : null,
      rowPresent: state.key !== null && rowOf(state.key) !== null,
    });
    requestAnimationFrame(sample);
  };
  /**
   * Starts a swipe's window; `key` is the row that should leave (null: it should stay),
   * `nextKey` the row after it, whose Confirm button is followed frame by frame.
   */
  state.arm = (key, nextKey = null) => {
    state.armedAt = performance.now();
    state.key = key;
    state.nextKey = nextKey;
    state.leavingAt = null;
    state.goneAt = null;
    state.touchStartAt = null;
    state.touchEndAt = null;
    state.frames = [];
    state.sampling = nextKey !== null;
    if (state.sampling) requestAnimationFrame(sample);
  };
  state.collect = () => {
    state.sampling = false;
    return {
      armedAt: state.armedAt,
      touchStartAt: state.touchStartAt,
      touchEndAt: state.touchEndAt,
      leavingAt: state.leavingAt,
      goneAt: state.goneAt,
      frames: state.frames,
      events: state.events.filter((entry) => entry.startTime >= state.armedAt),
      longTasks: state.longTasks.filter((entry) => entry.startTime >= state.armedAt),
      longFrames: state.longFrames.filter((entry) => entry.startTime >= state.armedAt),
    };
  };
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The first inbox row: its key, where to put a finger (on the summary, left of the
 * buttons), and the key of the row after it (the one that must settle in its place).
 */
async function firstRow(page) {
  const row = await page.evaluate(() => {
    const articles = [...document.querySelectorAll('.review-inbox__entry')]
      .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index))
      .map((entry) => entry.querySelector('article[data-review-key]'))
      .filter((article) => article !== null);
    const [element, next] = articles;
    if (!element) return null;
    const rect = element.getBoundingClientRect();
    return {
      key: element.dataset.reviewKey,
      nextKey: next?.dataset.reviewKey ?? null,
      x: rect.left + 24,
      y: rect.top + Math.min(40, rect.height / 2),
      width: rect.width,
      text: element.textContent.slice(0, 80),
    };
  });
  if (!row) throw new Error('no row in the Review inbox');
  if (!row.nextKey) throw new Error('the Review inbox shows no second row to settle');
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
 * Tops the pending items up to `totalPending` (sets of `itemsPerTask`), times the inbox's
 * two live queries on a quiet page, and opens /review with the interaction probe: the
 * inbox a series of swipes then runs on (swipeRound), until `close`.
 */
async function openInbox(context, { totalPending, itemsPerTask = 5 }) {
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
      { repetitions: 21, warmup: 3 },
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
    await page.evaluate(() => window.__countersignBench.startTransactionLog());
    const firstRowAt = await page.evaluate(() => window.__benchSwipe.firstRowAt);
    const inboxCount = await page
      .locator('.review-page__count')
      .textContent()
      .catch(() => null);
    await page.waitForTimeout(1_000);
    const cdp = await page.context().newCDPSession(page);
    return {
      page,
      cdp,
      seed,
      queries,
      firstRowAt,
      inboxCount,
      close: async () => {
        await cdp.detach().catch(() => undefined);
        await page.close();
      },
    };
  } catch (error) {
    await page.close();
    throw error;
  }
}

/**
 * One round on the inbox's first row: the floor (a short swipe, short of the threshold, so
 * the row springs back and nothing is decided: the gesture's own cost on the same page),
 * then a swipe right that confirms it. Records the page's IndexedDB transactions (so when
 * the decision committed), when the row was marked leaving and left the DOM, and the next
 * row's Confirm button frame by frame until `settleMs` after that.
 */
async function swipeRound({ page, cdp }, { settleMs }) {
  const row = await firstRow(page);

  // Floor: 60 px, short of the 120 px threshold: the row follows and springs back.
  await page.evaluate(() => window.__benchSwipe.arm(null));
  await swipe(cdp, row, 60);
  await pause(settleMs);
  const springBack = await page.evaluate(() => window.__benchSwipe.collect());

  await page.evaluate(({ key, nextKey }) => window.__benchSwipe.arm(key, nextKey), row);
  await page.evaluate(() => window.__countersignBench.takeTransactionLog());
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
  const transactions = await page.evaluate(() => window.__countersignBench.takeTransactionLog());
  const status = await page.evaluate(
    (key) => window.__countersignBench.reviewItemStatus(key),
    row.key,
  );
  if (status !== 'confirmed') {
    throw new Error(`the swipe on "${row.text}" left the item ${status}, not confirmed`);
  }
  return {
    confirm: { ...confirm, key: row.key, nextKey: row.nextKey, rowWidth: row.width, transactions },
    springBack,
  };
}

/** What a series of swipes on one inbox returns (the section builders read this shape). */
function inboxResult(inbox, rounds, settleMs) {
  return {
    seed: inbox.seed,
    queries: inbox.queries,
    firstRowAt: inbox.firstRowAt,
    inboxCount: inbox.inboxCount,
    confirms: rounds.map((round) => round.confirm),
    springBacks: rounds.map((round) => round.springBack),
    settleMs,
  };
}

/**
 * Section 8b: the inbox with `totalPending` items waiting, `swipes` swipe-confirms on its
 * first row (after `warmup`).
 */
export async function measureSwipeConfirm(
  context,
  { totalPending = 5_000, swipes = 7, warmup = 1, settleMs = 500 } = {},
) {
  const inbox = await openInbox(context, { totalPending });
  try {
    const rounds = [];
    for (let round = 0; round < warmup + swipes; round++) {
      const result = await swipeRound(inbox, { settleMs });
      if (round >= warmup) rounds.push(result);
    }
    return inboxResult(inbox, rounds, settleMs);
  } finally {
    await inbox.close();
  }
}

/**
 * The curve's review figures: the same swipes on two inboxes (1× and the large size, each
 * in its own browser), alternating round by round, so load on the machine lands on both.
 * `sizes` is `[{ context, totalPending }, …]`; resolves with one result per size.
 */
export async function measureSwipeCurve(sizes, { swipes = 7, warmup = 1, settleMs = 500 } = {}) {
  const inboxes = [];
  try {
    for (const size of sizes) inboxes.push(await openInbox(size.context, size));
    const rounds = inboxes.map(() => []);
    for (let round = 0; round < warmup + swipes; round++) {
      for (let turn = 0; turn < inboxes.length; turn++) {
        const index = (round + turn) % inboxes.length;
        const result = await swipeRound(inboxes[index], { settleMs });
        if (round >= warmup) rounds[index].push(result);
      }
    }
    return inboxes.map((inbox, index) => inboxResult(inbox, rounds[index], settleMs));
  } finally {
    await Promise.allSettled(inboxes.map((inbox) => inbox.close()));
  }
}

// Section 7: what a wake costs apart from the model. (a) runWake in the page with an
// instant model, against the wake's own reads and writes done directly; (b) the page's
// main thread while a wake runs the real way: in the worker, with the demo agent, while
// the task page is open and its live queries re-render as proposals land.
import { openQuietAppPage } from './browser.mjs';

/** Section 7a: ~15 wakes, each on a fresh task with 200 entries and 50 checklist items. */
export function measureWakeOverhead(
  page,
  { repetitions = 15, warmup = 2, entries = 200, checklistItems = 50 } = {},
) {
  return page.evaluate((options) => window.__countersignBench.measureWakeOverhead(options), {
    repetitions,
    warmup,
    entries,
    checklistItems,
  });
}

/** Section 7a's curve: the context build at 1× and 10× of what grows around a task. */
export function measureContextCurve(page, { repetitions = 15, warmup = 2 } = {}) {
  return page.evaluate((options) => window.__countersignBench.measureContextCurve(options), {
    repetitions,
    warmup,
  });
}

/** Section 7c (docs/decisions/0003): one hostile scripted wake, and the largest audit row. */
export function measureHostileWakeAudit(page) {
  return page.evaluate(() => window.__countersignBench.measureHostileWakeAudit());
}

/**
 * Section 7b: demo wakes requested from the task page of the sample login bug (the demo
 * agent's script for it proposes six changes, sets the language and writes a report).
 * Each wake is followed by an idle window of the same length on the same page: the floor,
 * so a long task the page has anyway (a timer, a sweep) is not blamed on the wake.
 */
export async function measureWakeLongTasks(
  context,
  { wakes = 5, warmup = 1, settleMs = 500 } = {},
) {
  const setupPage = await openQuietAppPage(context);
  let prepared;
  try {
    prepared = await setupPage.evaluate(() => window.__countersignBench.prepareDemoWake());
  } finally {
    await setupPage.close();
  }
  const page = await context.newPage();
  try {
    await page.goto(`/tasks/${prepared.taskId}`);
    // The newest entry of the sample task: the page has read its data and is live.
    await page.getByText('Reproduced it:', { exact: false }).first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => window.__countersignBench !== undefined, null, {
      timeout: 10_000,
    });
    await page.waitForTimeout(1_000);
    const samples = [];
    const idle = [];
    const warmups = [];
    for (let round = 0; round < warmup + wakes; round++) {
      await page.evaluate(
        (taskId) => window.__countersignBench.resetDemoTask(taskId),
        prepared.taskId,
      );
      await page.waitForTimeout(500);
      const sample = await page.evaluate(
        (options) => window.__countersignBench.wakeThroughWorker(options),
        { taskId: prepared.taskId, settleMs },
      );
      if (sample.outcome.status !== 'done' || sample.outcome.proposed === 0) {
        throw new Error(
          `the demo wake did not finish with proposals: ${JSON.stringify(sample.outcome)}`,
        );
      }
      const quiet = await page.evaluate(
        (options) => window.__countersignBench.observeIdle(options),
        { ms: Math.round(sample.windowMs) },
      );
      if (round < warmup) warmups.push(sample);
      else {
        samples.push(sample);
        idle.push(quiet);
      }
    }
    return { ...prepared, settleMs, samples, idle, warmups };
  } finally {
    await page.close();
  }
}

/**
 * Runs in the task page before the app (addInitScript): the tap's touchend, when the first
 * proposal row appears in the DOM, and frame by frame whether its Confirm button is inside
 * the viewport and not covered by anything (no scrolling happens while armed).
 */
function installWakeTapProbe() {
  const state = { armedAt: null, touchEndAt: null, firstRowAt: null, row: null, inViewAt: null };
  window.__benchWakeTap = state;
  addEventListener('touchend', (event) => (state.touchEndAt = event.timeStamp), {
    capture: true,
    passive: true,
  });
  const confirmOf = (row) =>
    row.querySelector('button[aria-label^="Confirm"], button[aria-label^="Apply anyway"]');
  /** Where the row's Confirm button is; in view means inside the viewport and not covered (the navigation bar). */
  const where = (row) => {
    const target = confirmOf(row) ?? row;
    const rect = target.getBoundingClientRect();
    const inside = rect.top >= 0 && rect.bottom <= innerHeight && rect.height > 0;
    const hit = inside
      ? document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
      : null;
    const covered = inside && !(hit && target.contains(hit));
    return {
      top: Math.round(rect.top),
      bottom: Math.round(rect.bottom),
      viewportHeight: innerHeight,
      scrollY: Math.round(scrollY),
      coveredBy:
        covered && hit ? `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}` : null,
      inView: inside && !covered,
    };
  };
  new MutationObserver(() => {
    if (state.armedAt === null || state.firstRowAt !== null) return;
    const row = document.querySelector('article[data-review-key]');
    if (!row) return;
    state.firstRowAt = performance.now();
    state.row = where(row);
  }).observe(document, { childList: true, subtree: true });
  const sample = () => {
    if (state.armedAt === null || state.inViewAt !== null) return;
    const row = document.querySelector('article[data-review-key]');
    if (row && where(row).inView) state.inViewAt = performance.now();
    else requestAnimationFrame(sample);
  };
  state.arm = () => {
    state.armedAt = performance.now();
    state.touchEndAt = null;
    state.firstRowAt = null;
    state.row = null;
    state.inViewAt = null;
    requestAnimationFrame(sample);
  };
  state.collect = () => {
    const result = {
      armedAt: state.armedAt,
      touchEndAt: state.touchEndAt,
      firstRowAt: state.firstRowAt,
      row: state.row,
      inViewAt: state.inViewAt,
      scrollY: Math.round(scrollY),
    };
    state.armedAt = null;
    return result;
  };
}

/**
 * A person taps "Wake agent" on the sample login bug's page (demo agent, after
 * section 7b prepared it) and waits for the first proposal. Each round puts the task back,
 * scrolls the page to the top and then just far enough to show the button (as a person
 * would), taps it with a CDP touch and records the touchend → first proposal row in the
 * DOM, and whether that row's Confirm button is in the viewport without scrolling.
 */
export async function measureWakeTap(
  context,
  { taskId, taps = 5, warmup = 1, timeoutMs = 15_000 },
) {
  const page = await context.newPage();
  try {
    await page.addInitScript(installWakeTapProbe);
    await page.goto(`/tasks/${taskId}`);
    await page.getByText('Reproduced it:', { exact: false }).first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => window.__countersignBench !== undefined, null, {
      timeout: 10_000,
    });
    const button = page.getByRole('button', { name: 'Wake agent', exact: true });
    const cdp = await page.context().newCDPSession(page);
    const samples = [];
    for (let round = 0; round < warmup + taps; round++) {
      await page.evaluate((id) => window.__countersignBench.resetDemoTask(id), taskId);
      await page.locator('article[data-review-key]').first().waitFor({ state: 'detached' });
      await page.waitForFunction(
        () => {
          const wake = [...document.querySelectorAll('button')].find(
            (element) => element.textContent.trim() === 'Wake agent',
          );
          return wake !== undefined && !wake.hasAttribute('aria-disabled');
        },
        null,
        { timeout: timeoutMs, polling: 50 },
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await button.scrollIntoViewIfNeeded();
      await pause(400);
      const box = await button.boundingBox();
      if (!box) throw new Error('the Wake agent button has no box');
      const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await page.evaluate(() => window.__benchWakeTap.arm());
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
      await pause(60);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      try {
        await page.waitForFunction(() => window.__benchWakeTap.firstRowAt !== null, null, {
          timeout: timeoutMs,
          polling: 50,
        });
      } catch {
        const status = await page.evaluate(
          (id) => window.__countersignBench.latestWakeStatus(id),
          taskId,
        );
        throw new Error(
          `no proposal appeared within ${timeoutMs} ms of the Wake agent tap (latest wake: ${status})`,
        );
      }
      // The wake goes on (turn 2, the report); the next round waits for it to end.
      const status = await wakeEnded(page, taskId, timeoutMs);
      await pause(300);
      const sample = await page.evaluate(() => window.__benchWakeTap.collect());
      if (status !== 'done') throw new Error(`the tapped wake ended ${status}, not done`);
      if (round >= warmup) samples.push({ ...sample, tappedAt: point });
    }
    await cdp.detach();
    return { taskId, samples };
  } finally {
    await page.close();
  }
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the task's latest wake until it is no longer running; resolves with its status. */
async function wakeEnded(page, taskId, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await page.evaluate(
      (id) => window.__countersignBench.latestWakeStatus(id),
      taskId,
    );
    if (status !== 'running') return status;
    if (Date.now() > deadline) throw new Error(`the tapped wake still ran after ${timeoutMs} ms`);
    await pause(100);
  }
}

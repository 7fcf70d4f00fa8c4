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

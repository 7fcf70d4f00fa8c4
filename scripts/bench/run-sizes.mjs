// The run at each size: every section at 1× (renders, writes, wake, review, sync, …), then
// the curve's large size, interleaved with 1× round by round.
import { loadavg } from 'node:os';
import { openQuietAppPage } from './browser.mjs';
import {
  measureContextCurve,
  measureHostileWakeAudit,
  measureWakeLongTasks,
  measureWakeOverhead,
  measureWakeTap,
} from './measure-agent.mjs';
import { measureExport } from './measure-export.mjs';
import { measureImport } from './measure-import.mjs';
import { measureRenderCurve, measureRenderRounds } from './measure-render.mjs';
import { measureConfirmAll, measureSwipeConfirm, measureSwipeCurve } from './measure-review.mjs';
import { measureChecklistBatch, measureFieldUpdates, measureTaskEdits } from './measure-writes.mjs';
import * as build from './sections.mjs';
import { SIZE, attempt, count, progress, section, seededBrowser, wants } from './run-context.mjs';

/**
 * Every section at 1×, in `browser` (seeded at 1×). The browser stays open: the curve
 * measures in it again, interleaved with the large size.
 */
export async function measureOneX(browser, seed, sections, baseUrl) {
  const { context } = browser;
  if (wants('renders')) await measureRenders(context, seed, sections);

  const writePage = await openQuietAppPage(context);
  if (wants('writes')) await measureWrites(writePage, seed, sections);

  // Section 7 creates its own tasks; the sample journal comes back for the demo wake.
  const loadBeforeWake = loadavg()[0];
  const wakeOverhead = wants('wake')
    ? await attempt('measuring the wake without a model (instant model, in the page)', () =>
        measureWakeOverhead(writePage),
      )
    : undefined;
  const contextCurve = wants('wake')
    ? await attempt('measuring the wake context at 1× and 10× around its task', () =>
        measureContextCurve(writePage),
      )
    : undefined;
  const hostileAudit = wants('wake')
    ? await attempt('measuring the audit a hostile wake can write', () =>
        measureHostileWakeAudit(writePage),
      )
    : undefined;
  // Section 8a on the same quiet page, before section 8b fills the inbox.
  const loadBeforeReview = loadavg()[0];
  const confirmAll = wants('review')
    ? await attempt('measuring Confirm All of 20 items vs one transaction', () =>
        measureConfirmAll(writePage),
      )
    : undefined;
  await writePage.close();
  // The demo wake's task serves the wake tap of 8b: both need the wake part.
  const wakeLongTasks = wants('wake')
    ? await attempt(
        'measuring main-thread long tasks during demo wakes (worker, task page open)',
        () => measureWakeLongTasks(context),
      )
    : undefined;
  if (wakeOverhead && wakeLongTasks) {
    sections.push(
      await section(
        'wake',
        '7. The wake without the model, and the main thread during a wake',
        async () => build.wakeSection(wakeOverhead, wakeLongTasks, hostileAudit, contextCurve),
        loadBeforeWake,
      ),
    );
  }
  if (wants('import')) {
    progress('measuring Import journal of 100,000 rows and its undo (a browser of its own)');
    sections.push(
      await section('import', '11. Import of 100,000 rows, and Undo import', async () =>
        build.importSection(await measureImport({ baseUrl })),
      ),
    );
  }
  if (!wants('review')) return;
  const loadBeforeSurface = loadavg()[0];
  const wakeTap = wakeLongTasks
    ? await attempt('measuring Wake agent tap → first proposal (demo agent)', () => {
        if (wakeLongTasks.error) throw new Error('section 7b did not prepare the demo wake');
        return measureWakeTap(context, { taskId: wakeLongTasks.value.taskId });
      })
    : { error: new Error('not measured in this run (--only without wake)') };
  const swipe = await attempt(
    `measuring a swipe-confirm with ${count(SIZE.pending)} pending items`,
    () => measureSwipeConfirm(context, { totalPending: SIZE.pending }),
  );
  sections.push(
    await section(
      'review',
      `8. Review: Confirm All, and a swipe at ${count(SIZE.pending)} pending`,
      async () => build.reviewSection(confirmAll, swipe, SIZE.pending),
      loadBeforeReview,
    ),
    await section(
      'review-surface',
      '8b. Review where the eye goes',
      async () => build.reviewSurfaceSection(wakeTap, swipe),
      loadBeforeSurface,
    ),
  );
}

/** Sections 2 and 3: fresh-page renders in rounds, each against its floor. */
async function measureRenders(context, seed, sections) {
  progress('measuring renders: quiet route (floor), task list, task page, in rounds');
  const longJournals = await attempt(
    'seeding the long journals (6 tasks of 200 entries, 6 of 2,000)',
    async () => {
      const page = await openQuietAppPage(context);
      try {
        return await page.evaluate(async () => ({
          oneX: await window.__countersignBench.seedLongJournals({ tasks: 6, entries: 200 }),
          tenX: await window.__countersignBench.seedLongJournals({ tasks: 6, entries: 2_000 }),
        }));
      } finally {
        await page.close();
      }
    },
  );
  const loadBeforeRenders = loadavg()[0];
  const renders = await measureRenderRounds(context, seed.probeTasks, {
    longJournals: longJournals.error ? undefined : longJournals.value,
  });
  // After the rounds: each read follows an edit, which would change the newest entry they look for.
  const autoWakeWatch = longJournals.error
    ? longJournals
    : await attempt('measuring the automatic wake’s watch on the long journals', async () => {
        const page = await openQuietAppPage(context);
        try {
          const ids = (tasks) => tasks.map((task) => task.id);
          return await page.evaluate(
            async ({ oneX, tenX }) => {
              const samples = { oneX: [], tenX: [], replacedOneX: [], replacedTenX: [] };
              for (let round = 0; round < 3; round++) {
                const one = await window.__countersignBench.measureAutoWakeWatch(oneX);
                const ten = await window.__countersignBench.measureAutoWakeWatch(tenX);
                samples.oneX.push(...one.watch);
                samples.tenX.push(...ten.watch);
                samples.replacedOneX.push(...one.replaced);
                samples.replacedTenX.push(...ten.replaced);
              }
              return samples;
            },
            { oneX: ids(longJournals.value.oneX), tenX: ids(longJournals.value.tenX) },
          );
        } finally {
          await page.close();
        }
      });
  // A figure needs its own navigations and the floor's; either failing says why.
  const renderSection = (id, title, kind, toSection) =>
    section(
      id,
      title,
      async () => {
        if (renders[kind].error) throw renders[kind].error;
        if (renders.appStart.error) {
          throw new Error(
            `the app-start floor could not be measured: ${renders.appStart.error.message}`,
          );
        }
        return toSection(renders[kind].samples, renders.appStart.samples, renders);
      },
      loadBeforeRenders,
    );
  sections.push(
    await renderSection(
      'task-list-render',
      `2. Task list render at ${count(SIZE.tasks)} tasks`,
      'taskList',
      (samples, appStart) => build.taskListSection(samples, appStart, SIZE.tasks),
    ),
    await renderSection(
      'task-page-render',
      '3. Task page render',
      'taskPage',
      (samples, appStart, all) =>
        build.taskPageSection(samples, appStart, {
          oneX: all.taskPageJournal.samples,
          tenX: all.taskPageJournalTenX.samples,
          error: longJournals.error ?? all.taskPageJournal.error ?? all.taskPageJournalTenX.error,
          watch: autoWakeWatch,
        }),
    ),
  );
}

/** Sections 4 and 6: one task edit, and the dispatcher's overhead, on a quiet page. */
async function measureWrites(writePage, seed, sections) {
  const [editTaskId, floorTaskId] = seed.spareTaskIds;
  progress('measuring one task edit vs one raw put');
  sections.push(
    await section('task-edit', '4. One task edit vs one raw put', async () =>
      build.taskEditSection(
        await measureTaskEdits(writePage, { editTaskId, floorTaskId }),
        SIZE.tasks,
      ),
    ),
  );
  progress('measuring dispatcher overhead');
  sections.push(
    await section('dispatcher-overhead', '6. Dispatcher overhead', async () =>
      build.dispatcherOverheadSection(
        await measureChecklistBatch(writePage),
        await measureFieldUpdates(writePage),
      ),
    ),
  );
}

/**
 * The curve (section 10): the large size seeded in a browser of its own, then the task
 * list (with its floor) and the inbox swipes in both browsers, 1× and large, alternating
 * round by round, so load from elsewhere on the machine lands on both sizes alike.
 */
export async function measureCurve(server, scale, one, sections, browsers) {
  const { browser, seed, size } = await seededBrowser(server, scale, sections, browsers);
  let rendersOne;
  let rendersLarge;
  if (wants('curve-renders')) {
    progress(
      `measuring renders at 1× and ${scale}×, interleaved: quiet route (floor) and task list`,
    );
    [rendersOne, rendersLarge] = await measureRenderCurve([
      { context: one.browser.context, probeTasks: one.seed.probeTasks },
      { context: browser.context, probeTasks: seed.probeTasks },
    ]);
  }
  if (wants('curve-export')) {
    progress(`measuring Export journal at 1× and ${scale}× (Settings, a tap to the file)`);
    const exportOne = await attempt('exporting the 1× journal', () =>
      measureExport(one.browser.context),
    );
    const exportLarge = await attempt(`exporting the ${scale}× journal`, () =>
      measureExport(browser.context),
    );
    sections.push(
      await section('export', `12. Export journal at 1× and ${scale}×`, async () => {
        if (exportOne.error) throw exportOne.error;
        if (exportLarge.error) throw exportLarge.error;
        return build.exportSection(scale, exportOne.value, exportLarge.value);
      }),
    );
  }
  if (!wants('curve-review')) {
    return { one: { renders: rendersOne, seed: one.seed }, large: { renders: rendersLarge, seed } };
  }
  const swipes = await attempt(
    `measuring swipe-confirms at ${count(SIZE.pending)} and ${count(size.pending)} pending, interleaved`,
    () =>
      measureSwipeCurve([
        { context: one.browser.context, totalPending: SIZE.pending },
        { context: browser.context, totalPending: size.pending },
      ]),
  );
  const swipeOf = (index) => (swipes.error ? swipes : { value: swipes.value[index] });
  return {
    one: { renders: rendersOne, swipe: swipeOf(0), seed: one.seed },
    large: { renders: rendersLarge, swipe: swipeOf(1), seed },
  };
}

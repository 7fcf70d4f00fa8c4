// `npm run bench`: figures for Countersign measured in real Chromium against production
// builds. It prints tables and writes reports/bench.json; it is a benchmark, not a test,
// so missed targets do not fail it. It exits non-zero only when something could not be
// measured (no Chromium, a failed build, a section that timed out).
//
// Layout: dist-bench/app is built with --mode bench (index.html loads bench/page/main.ts,
// which starts the app and installs the hooks of bench/page/) and served by `vite preview`;
// dist-bench/production is a normal build, measured for size. Neither touches dist/, which
// the e2e suite serves. Both are removed at the end (minified bundles in the tree would
// fail `eslint .` and `prettier --check .` for everyone); pass --keep-builds to keep them
// for inspection.
//
// Sizes (issue 9, item 5: a curve, not a point): every section runs at 1× (5,000 tasks,
// 50,000 entries, 20,000 checklist items, 5,000 pending items for section 8b); then the
// sensitive figures (task list, inbox swipe, badge count) run again at 10× in the same run,
// and section 10 prints each with its ratio to the 1× figure. Each size has its own browser
// profile, seeded once. `--quick` measures 1× only (a couple of minutes, for development);
// `--scale N` (or BENCH_SCALE=N) makes the curve's second size N× instead of 10×.
// `--only review,curve-review` measures only the parts named (see PARTS below), so one
// figure can be re-measured without paying for the whole run; the seeds still happen.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { launchBrowser, openQuietAppPage } from './bench/browser.mjs';
import {
  measureContextCurve,
  measureHostileWakeAudit,
  measureWakeLongTasks,
  measureWakeOverhead,
  measureWakeTap,
} from './bench/measure-agent.mjs';
import { measureBundle } from './bench/measure-bundle.mjs';
import { measureExport } from './bench/measure-export.mjs';
import { measureImport } from './bench/measure-import.mjs';
import { measureRenderCurve, measureRenderRounds } from './bench/measure-render.mjs';
import {
  measureConfirmAll,
  measureSwipeConfirm,
  measureSwipeCurve,
} from './bench/measure-review.mjs';
import { measurePrivateSync } from './bench/measure-private-sync.mjs';
import { measureSeal } from './bench/measure-seal.mjs';
import { measureSync } from './bench/measure-sync.mjs';
import { withAppModules } from './bench/app-modules.mjs';
import { measureNewDevice } from './bench/measure-new-device.mjs';
import { newDeviceSection } from './bench/section-new-device.mjs';
import { privateSyncSection, sealSection } from './bench/section-private-sync.mjs';
import {
  measureChecklistBatch,
  measureFieldUpdates,
  measureTaskEdits,
} from './bench/measure-writes.mjs';
import {
  findFreePort,
  startPreviewServer,
  stopAllChildren,
  viteBuild,
} from './bench/processes.mjs';
import { printSection, writeJson } from './bench/report.mjs';
import * as build from './bench/sections.mjs';
import { readSizes, seedJournal, seedSize } from './bench/seed.mjs';
import { round } from './bench/stats.mjs';
import { findChromium } from './find-chromium.mjs';

const BENCH_APP_DIR = 'dist-bench/app';
const PRODUCTION_DIR = 'dist-bench/production';
const BUILD_ROOT = 'dist-bench';
const REPORT_PATH = 'reports/bench.json';
const KEEP_BUILDS = process.argv.includes('--keep-builds');
const SIZES = readSizes();
const SIZE = seedSize(1);
const count = (value) => value.toLocaleString('en-US');
const runStartedAt = Date.now();

/**
 * The parts of the run `--only` can name. `curve` is both of its parts; the bundle is
 * measured only when asked for or when nothing is named.
 */
const PARTS = [
  'renders',
  'writes',
  'wake',
  'review',
  'sync',
  'new-device',
  'private-sync',
  'seal',
  'import',
  'curve',
  'curve-renders',
  'curve-review',
  'curve-export',
  'bundle',
];

/** `--only a,b` (or `--only=a,b`): the parts to measure; undefined measures them all. */
function readOnly(argv = process.argv) {
  const index = argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  if (index === -1) return undefined;
  const raw = argv[index].includes('=') ? argv[index].slice('--only='.length) : argv[index + 1];
  const names = (raw ?? '').split(',').filter(Boolean);
  const unknown = names.filter((name) => !PARTS.includes(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`--only takes a comma-separated list of ${PARTS.join(', ')}, not "${raw}"`);
  }
  return new Set(names);
}

const ONLY = readOnly();

/** Whether this run measures `part` (`curve-review` is also selected by `curve`). */
function wants(part) {
  return !ONLY || ONLY.has(part) || (part.startsWith('curve-') && ONLY.has('curve'));
}

function progress(message) {
  console.log(`▸ ${message} (${((Date.now() - runStartedAt) / 1000).toFixed(1)} s)`);
}

/** One measurement of a two-part section: its value, or the error that stopped it. */
async function attempt(what, measure) {
  progress(what);
  try {
    return { value: await measure() };
  } catch (error) {
    progress(`not measured: ${error.message.split('\n')[0]}`);
    return { error };
  }
}

/**
 * Runs one section; a failure becomes a "not measured" section instead of ending the run.
 * The machine's load average is recorded around it: on a shared 2-core box, other
 * people's builds and tests are the main source of noise, and the report should say so.
 */
async function section(id, title, measure, loadAtStart = loadavg()[0]) {
  let result;
  try {
    result = await measure();
  } catch (error) {
    progress(`${title}: not measured: ${error.message.split('\n')[0]}`);
    result = build.unmeasured(id, title, error);
  }
  return { ...result, machineLoad: { atStart: round(loadAtStart), atEnd: round(loadavg()[0]) } };
}

function removeBuilds() {
  if (!KEEP_BUILDS) rmSync(BUILD_ROOT, { recursive: true, force: true });
}

// Ctrl-C or a CI timeout: stop what we started and leave no builds behind.
const cleanups = new Set();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the builds, the preview server and the browser`);
    await Promise.allSettled([...cleanups].map((cleanup) => cleanup()));
    await stopAllChildren();
    removeBuilds();
    process.exit(130);
  });
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** Launches a browser with a fresh profile and seeds it at `scale`; a failed seed ends the run. */
async function seededBrowser(server, scale, sections, browsers = []) {
  const size = seedSize(scale);
  const browser = await launchBrowser({ baseUrl: server.url });
  cleanups.add(browser.close);
  browsers.push(browser);
  progress(
    `seeding the journal at ${scale}× (${count(size.tasks)} tasks, ${count(size.entries)} entries, ${count(size.checklistItems)} checklist items)`,
  );
  const quietPage = await openQuietAppPage(browser.context);
  let seed;
  sections.push(
    await section(scale === 1 ? 'seed' : 'seed-large', `1. Seed at ${scale}×`, async () =>
      build.seedSection((seed = await seedJournal(quietPage, size)), scale),
    ),
  );
  // Without a seed nothing else means anything.
  if (!seed) throw new Error(`seeding at ${scale}× failed: ${sections.at(-1).reason}`);
  progress(
    `seeded ${count(Object.values(seed.counts).reduce((a, b) => a + b, 0))} rows in ${(seed.wallClockMs / 1000).toFixed(1)} s (writes ${(seed.writeMs / 1000).toFixed(1)} s)`,
  );
  await quietPage.close();
  return { browser, seed, size };
}

async function closeBrowser(browser) {
  await browser.close();
  cleanups.delete(browser.close);
}

/**
 * Every section at 1×, in `browser` (seeded at 1×). The browser stays open: the curve
 * measures in it again, interleaved with the large size.
 */
async function measureOneX(browser, seed, sections, baseUrl) {
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
      '8b. Review where the eye goes (issue 11)',
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
async function measureCurve(server, scale, one, sections, browsers) {
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

async function main() {
  if (!findChromium()) {
    throw new Error("No Chromium found: install Debian's chromium package or set CHROME_PATH.");
  }
  const largeScale = SIZES.scales[1];
  progress(
    SIZES.quick
      ? 'quick run: 1× only (no curve)'
      : `measuring 1× and, for the curve, ${largeScale}× (seeding ${largeScale}× takes minutes; --quick skips it)`,
  );

  progress('building the bench app (vite build --mode bench)');
  await viteBuild({ mode: 'bench', outDir: BENCH_APP_DIR });
  if (wants('bundle')) {
    progress('building the production app (vite build)');
    await viteBuild({ outDir: PRODUCTION_DIR });
  }

  const sections = [];
  const server = await startPreviewServer({ outDir: BENCH_APP_DIR, port: await findFreePort() });
  cleanups.add(server.stop);
  progress(`serving the bench app at ${server.url}`);
  let chromiumVersion;
  const browsers = [];
  try {
    const one = await seededBrowser(server, 1, sections, browsers);
    chromiumVersion = one.browser.version;
    await measureOneX(one.browser, one.seed, sections, server.url);
    if (wants('sync')) {
      progress(
        'measuring sync: A→B latency, catch-up of 10,000 operations, exactly once under faults',
      );
      sections.push(
        await section('sync', '9. Sync between two devices', async () =>
          build.syncSection(await measureSync({ baseUrl: server.url })),
        ),
      );
    }
    if (wants('private-sync')) {
      progress('measuring sync with encryption and without: A→B latency, catch-up of 10,000');
      sections.push(
        await section('private-sync', '9b. Sync with encryption ÷ without', async () =>
          privateSyncSection(await measurePrivateSync({ baseUrl: server.url })),
        ),
      );
    }
    if (wants('new-device')) {
      // Last at 1×: it connects the seeded browser to a sync server.
      progress('measuring a new device starting from a snapshot of the 1× journal');
      sections.push(
        await section(
          'new-device',
          '9d. A new device from a snapshot of the 1× journal',
          async () =>
            newDeviceSection(
              await measureNewDevice({
                context: one.browser.context,
                baseUrl: server.url,
                history: Number(process.env.BENCH_NEW_DEVICE_HISTORY ?? 0),
              }),
              one.seed,
            ),
        ),
      );
    }
    if (
      largeScale !== undefined &&
      (wants('curve-renders') || wants('curve-review') || wants('curve-export'))
    ) {
      const loadBeforeCurve = loadavg()[0];
      let curve;
      try {
        curve = await measureCurve(server, largeScale, one, sections, browsers);
      } catch (error) {
        curve = { error };
      }
      if (wants('curve-renders') || wants('curve-review'))
        sections.push(
          await section(
            'curve',
            `10. The curve: 1× and ${largeScale}×`,
            async () => {
              if (curve.error) throw curve.error;
              return build.curveSection({ scale: largeScale, ...curve });
            },
            loadBeforeCurve,
          ),
        );
    }
  } finally {
    // Each size's browser, then the server: nothing we started is left running.
    await Promise.allSettled(browsers.map((browser) => closeBrowser(browser)));
    await server.stop();
    cleanups.clear();
  }

  if (wants('seal')) {
    progress('measuring seal + open per message (Node)');
    sections.push(
      await section('seal', '9c. Seal + open per message', async () =>
        sealSection(await withAppModules(measureSeal)),
      ),
    );
  }
  if (wants('bundle')) {
    progress('measuring the production bundle');
    sections.push(
      await section('bundle', '5. Main bundle size', async () =>
        build.bundleSection(await measureBundle(PRODUCTION_DIR)),
      ),
    );
  }

  const order = [
    'seed',
    'seed-large',
    'task-list-render',
    'task-page-render',
    'task-edit',
    'bundle',
    'dispatcher-overhead',
    'wake',
    'review',
    'review-surface',
    'sync',
    'private-sync',
    'seal',
    'curve',
    'import',
    'export',
  ];
  sections.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  for (const result of sections) printSection(result);

  const report = {
    generatedAt: new Date().toISOString(),
    durationSeconds: Math.round((Date.now() - runStartedAt) / 1000),
    environment: {
      node: process.version,
      chromium: chromiumVersion,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpus().length,
      scales: SIZES.scales,
      ...(ONLY ? { only: [...ONLY] } : {}),
      seedSizes: Object.fromEntries(SIZES.scales.map((scale) => [`${scale}x`, seedSize(scale)])),
      commit: gitCommit(),
      note: 'Production builds; Chromium headless with an on-disk profile per size, service workers blocked, 820×1180 tablet viewport with touch (isMobile, hasTouch).',
    },
    sections,
  };
  await writeJson(REPORT_PATH, report);
  const unmeasuredCount = sections.filter((result) => result.status !== 'measured').length;
  console.log(`\nFigures written to ${REPORT_PATH} in ${report.durationSeconds} s.`);
  const busiest = Math.max(
    ...sections.flatMap(({ machineLoad }) => [machineLoad.atStart, machineLoad.atEnd]),
  );
  if (busiest > cpus().length) {
    console.log(
      `Note: the machine was busy (1-minute load average up to ${busiest} on ${cpus().length} cores); ` +
        'figures are noisier than on a quiet machine, so re-run before trusting a small difference.',
    );
  }
  if (SIZES.quick) console.log('Quick run: 1× only; `npm run bench` adds the curve (10×).');
  if (ONLY) console.log(`Only ${[...ONLY].join(', ')} measured (--only).`);
  if (unmeasuredCount > 0) {
    console.log(`${unmeasuredCount} section(s) could not be measured (see above).`);
    process.exitCode = 1;
  }
}

main()
  .catch((error) => {
    if (interrupted) return; // The signal handler reports and exits.
    console.error(`\nbench could not measure: ${error.stack ?? error}`);
    process.exitCode = 1;
  })
  .finally(removeBuilds);

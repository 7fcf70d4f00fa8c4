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
// Size: `--scale N` (or BENCH_SCALE=N) seeds N times today's journal: 1× is 5,000 tasks,
// 50,000 entries, 20,000 checklist items, and 5,000 pending items for section 8b.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { launchBrowser, openQuietAppPage } from './bench/browser.mjs';
import { measureWakeLongTasks, measureWakeOverhead } from './bench/measure-agent.mjs';
import { measureBundle } from './bench/measure-bundle.mjs';
import { measureRenderRounds } from './bench/measure-render.mjs';
import { measureConfirmAll, measureSwipeConfirm } from './bench/measure-review.mjs';
import { measureSync } from './bench/measure-sync.mjs';
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
import { readScale, seedJournal, seedSize } from './bench/seed.mjs';
import { round } from './bench/stats.mjs';
import { findChromium } from './find-chromium.mjs';

const BENCH_APP_DIR = 'dist-bench/app';
const PRODUCTION_DIR = 'dist-bench/production';
const BUILD_ROOT = 'dist-bench';
const REPORT_PATH = 'reports/bench.json';
const KEEP_BUILDS = process.argv.includes('--keep-builds');
const SCALE = readScale();
const SIZE = seedSize(SCALE);
const count = (value) => value.toLocaleString('en-US');
const runStartedAt = Date.now();

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

async function main() {
  if (!findChromium()) {
    throw new Error("No Chromium found: install Debian's chromium package or set CHROME_PATH.");
  }

  progress('building the bench app (vite build --mode bench)');
  await viteBuild({ mode: 'bench', outDir: BENCH_APP_DIR });
  progress('building the production app (vite build)');
  await viteBuild({ outDir: PRODUCTION_DIR });

  const sections = [];
  const server = await startPreviewServer({ outDir: BENCH_APP_DIR, port: await findFreePort() });
  cleanups.add(server.stop);
  progress(`serving the bench app at ${server.url}`);
  let browser;
  try {
    browser = await launchBrowser({ baseUrl: server.url });
    cleanups.add(browser.close);
    const { context } = browser;

    progress(
      `seeding the journal at ${SCALE}× (${count(SIZE.tasks)} tasks, ${count(SIZE.entries)} entries, ${count(SIZE.checklistItems)} checklist items)`,
    );
    const quietPage = await openQuietAppPage(context);
    // Without a seed nothing else means anything: a failure here ends the run.
    let seed;
    sections.push(
      await section('seed', '1. Seed', async () =>
        build.seedSection((seed = await seedJournal(quietPage, SIZE)), SCALE),
      ),
    );
    if (!seed) throw new Error(`seeding failed: ${sections.at(-1).reason}`);
    progress(
      `seeded ${count(Object.values(seed.counts).reduce((a, b) => a + b, 0))} rows in ${(seed.wallClockMs / 1000).toFixed(1)} s (writes ${(seed.writeMs / 1000).toFixed(1)} s)`,
    );
    await quietPage.close();

    progress('measuring renders: quiet route (floor), task list, task page, in rounds');
    const loadBeforeRenders = loadavg()[0];
    const renders = await measureRenderRounds(context, seed.probeTasks);
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
          return toSection(renders[kind].samples, renders.appStart.samples);
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
        build.taskPageSection,
      ),
    );

    const writePage = await openQuietAppPage(context);
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

    // Section 7 creates its own tasks; the sample journal comes back for the demo wake.
    const loadBeforeWake = loadavg()[0];
    const wakeOverhead = await attempt(
      'measuring the wake without a model (instant model, in the page)',
      () => measureWakeOverhead(writePage),
    );
    // Section 8a on the same quiet page, before section 8b fills the inbox: with thousands
    // of pending items every change-set write re-runs the navigation's pending count.
    const loadBeforeReview = loadavg()[0];
    const confirmAll = await attempt('measuring Confirm All of 20 items vs one transaction', () =>
      measureConfirmAll(writePage),
    );
    await writePage.close();
    const wakeLongTasks = await attempt(
      'measuring main-thread long tasks during demo wakes (worker, task page open)',
      () => measureWakeLongTasks(context),
    );
    sections.push(
      await section(
        'wake',
        '7. The wake without the model, and the main thread during a wake',
        async () => build.wakeSection(wakeOverhead, wakeLongTasks),
        loadBeforeWake,
      ),
    );
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
    );
    await browser.close();
    progress(
      'measuring sync: A→B latency, catch-up of 10,000 operations, exactly once under faults',
    );
    sections.push(
      await section('sync', '9. Sync between two devices', async () =>
        build.syncSection(await measureSync({ baseUrl: server.url })),
      ),
    );
  } finally {
    await browser?.close();
    await server.stop();
    cleanups.clear();
  }

  progress('measuring the production bundle');
  sections.push(
    await section('bundle', '5. Main bundle size', async () =>
      build.bundleSection(await measureBundle(PRODUCTION_DIR)),
    ),
  );

  const order = [
    'seed',
    'task-list-render',
    'task-page-render',
    'task-edit',
    'bundle',
    'dispatcher-overhead',
    'wake',
    'review',
    'sync',
  ];
  sections.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  for (const result of sections) printSection(result);

  const report = {
    generatedAt: new Date().toISOString(),
    durationSeconds: Math.round((Date.now() - runStartedAt) / 1000),
    environment: {
      node: process.version,
      chromium: browser?.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpus().length,
      scale: SCALE,
      seedSize: SIZE,
      commit: gitCommit(),
      note: 'Production builds; Chromium headless with an on-disk profile, service workers blocked, 820×1180 tablet viewport with touch (isMobile, hasTouch).',
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

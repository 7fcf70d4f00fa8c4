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
// Sizes (a curve, not a point): every section runs at 1× (5,000 tasks,
// 50,000 entries, 20,000 checklist items, 5,000 pending items for section 8b); then the
// sensitive figures (task list, inbox swipe, badge count) run again at 10× in the same run,
// and section 10 prints each with its ratio to the 1× figure. Each size has its own browser
// profile, seeded once. `--quick` measures 1× only (a couple of minutes, for development);
// `--scale N` (or BENCH_SCALE=N) makes the curve's second size N× instead of 10×.
// `--only review,curve-review` measures only the parts named (PARTS, in
// bench/run-context.mjs), so one figure can be re-measured without paying for the whole
// run; the seeds still happen.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { measureAgentDevice } from './bench/measure-agent-device.mjs';
import { measureBundle } from './bench/measure-bundle.mjs';
import { measurePrivateSync } from './bench/measure-private-sync.mjs';
import { measureSeal } from './bench/measure-seal.mjs';
import { measureSync } from './bench/measure-sync.mjs';
import { withAppModules } from './bench/app-modules.mjs';
import { measureNewDevice } from './bench/measure-new-device.mjs';
import { newDeviceSection } from './bench/section-new-device.mjs';
import { privateSyncSection, sealSection } from './bench/section-private-sync.mjs';
import {
  findFreePort,
  startPreviewServer,
  stopAllChildren,
  viteBuild,
} from './bench/processes.mjs';
import { printSection, writeJson } from './bench/report.mjs';
import * as build from './bench/sections.mjs';
import { seedSize } from './bench/seed.mjs';
import { findChromium } from './find-chromium.mjs';
import {
  ONLY,
  SIZES,
  cleanups,
  closeBrowser,
  progress,
  runStartedAt,
  section,
  seededBrowser,
  wants,
} from './bench/run-context.mjs';
import { measureCurve, measureOneX } from './bench/run-sizes.mjs';

const BENCH_APP_DIR = 'dist-bench/app';
const PRODUCTION_DIR = 'dist-bench/production';
const BUILD_ROOT = 'dist-bench';
const REPORT_PATH = 'reports/bench.json';
const KEEP_BUILDS = process.argv.includes('--keep-builds');
function removeBuilds() {
  if (!KEEP_BUILDS) rmSync(BUILD_ROOT, { recursive: true, force: true });
}

// Ctrl-C or a CI timeout: stop what we started and leave no builds behind.
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
    if (wants('agent-device')) {
      progress(
        'measuring the agent device: edit → change set on another device, wakes a minute, memory after 1,000 wakes, Node ÷ worker',
      );
      sections.push(
        await section('agent-device', '13. The agent device', async () =>
          build.agentDeviceSection(await measureAgentDevice({ baseUrl: server.url })),
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
    'agent-device',
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

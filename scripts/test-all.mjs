// Runs every check the project has, in order, and ends with the line CI reads:
// "N passed, N failed". Each check (typecheck, lint, format, duplicates, build) counts as one
// test; the vitest and Playwright counts come from their JSON reports.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './find-chromium.mjs';
import {
  findNatsServer,
  installNatsServer,
  NATS_SERVER_MISSING,
} from '../sync-server/find-nats-server.mjs';

mkdirSync('reports', { recursive: true });
const results = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = child.status === 0;
  console.log(
    `=== ${name}: ${ok ? 'ok' : `failed (exit ${child.status ?? child.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return ok;
}

function check(name, command, args) {
  results.push({ name, passed: run(name, command, args) ? 1 : 0, failed: 0 });
  const last = results[results.length - 1];
  if (last.passed === 0) last.failed = 1;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

check('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
check('typecheck (worker)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.worker.json']);
check('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
check('unused exports', 'npx', ['knip']);
check('format', 'npx', ['prettier', '--check', '.']);
// A copied block of 60 tokens or more anywhere in the code (.jscpd.json says where).
check('duplicate code', 'npx', ['jscpd']);

// The sync tests (vitest's test/sync, the sync journeys) need nats-server: root on Debian
// gets Debian's package; anyone else is told what to install, and those tests then fail
// saying so (they are never skipped).
if (!findNatsServer() && !installNatsServer({ quiet: true })) {
  console.log(`\n=== The sync tests will fail: ${NATS_SERVER_MISSING}`);
}

rmSync('reports/vitest.json', { force: true });
const unitOk = run('unit and integration tests (vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=reports/vitest.json',
]);
const vitest = readJson('reports/vitest.json');
// CI keeps only the tail of the log, so the summary names what failed.
const failures = [];
for (const file of vitest?.testResults ?? []) {
  const name = file.name.replace(`${process.cwd()}/`, '');
  // A file's own error (a hook that threw, a worker that died) leaves its tests skipped or
  // unfinished rather than failed: name the file and the first line of its error.
  if (file.status === 'failed' && file.message) {
    failures.push(`vitest: ${name}: ${file.message.split('\n')[0]}`);
  }
  for (const test of file.assertionResults ?? []) {
    if (test.status !== 'passed' && test.status !== 'todo') {
      failures.push(`vitest (${test.status}): ${name} › ${test.fullName ?? test.title}`);
    }
  }
}
if (vitest && !unitOk && vitest.numFailedTests === 0 && failures.length === 0) {
  failures.push('vitest: failed outside any test (see "Unhandled Errors" in its output)');
}
if (vitest) {
  results.push({
    name: 'vitest',
    passed: vitest.numPassedTests,
    failed: vitest.numFailedTests + (unitOk || vitest.numFailedTests > 0 ? 0 : 1),
    skipped: vitest.numPendingTests + vitest.numTodoTests,
  });
} else {
  results.push({ name: 'vitest', passed: 0, failed: 1 });
}

check('build', 'npx', ['vite', 'build']);
check('first page', 'node', ['scripts/check-first-page.mjs']);

if (!ensureChromium()) {
  console.log('\n=== e2e: no Chromium, so the journeys did not run; counted as a failure');
  results.push({ name: 'e2e', passed: 0, failed: 1 });
} else {
  rmSync('reports/playwright.json', { force: true });
  const e2eOk = run('journeys (Playwright)', 'npx', ['playwright', 'test']);
  const report = readJson('reports/playwright.json');
  collectPlaywrightFailures(report?.suites ?? [], []);
  if (report?.stats) {
    const { expected, unexpected, flaky, skipped } = report.stats;
    results.push({
      name: 'e2e',
      passed: expected + flaky,
      failed: unexpected + (e2eOk || unexpected > 0 ? 0 : 1),
      skipped,
    });
  } else {
    results.push({ name: 'e2e', passed: 0, failed: 1 });
  }
}

function collectPlaywrightFailures(suites, titles) {
  for (const suite of suites) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          failures.push(
            `e2e${test.status === 'flaky' ? ' (flaky, passed on retry)' : ''}: ${[...path, spec.title].join(' › ')} [${test.projectName}]`,
          );
        }
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], path);
  }
}

if (failures.length > 0) {
  console.log('\nFailed');
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log('\nSummary');
for (const result of results) {
  console.log(
    `  ${result.name.padEnd(10)} ${result.passed} passed, ${result.failed} failed${result.skipped ? `, ${result.skipped} skipped` : ''}`,
  );
}
const total = (key) => results.reduce((sum, result) => sum + (result[key] ?? 0), 0);
const skipped = total('skipped');
console.log(
  `${total('passed')} passed, ${total('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(total('failed') > 0 ? 1 : 0);

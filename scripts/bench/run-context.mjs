// What every part of `npm run bench` shares: the sizes, `--only` and the parts it names,
// progress lines, a section that becomes "not measured" instead of ending the run, and the
// seeded browsers (each closed by the run's cleanups on Ctrl-C).
import { loadavg } from 'node:os';
import { launchBrowser, openQuietAppPage } from './browser.mjs';
import * as build from './sections.mjs';
import { readSizes, seedJournal, seedSize } from './seed.mjs';
import { round } from './stats.mjs';

export const SIZES = readSizes();
export const SIZE = seedSize(1);
export const count = (value) => value.toLocaleString('en-US');
export const runStartedAt = Date.now();

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
  'agent-device',
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

export const ONLY = readOnly();

/** Whether this run measures `part` (`curve-review` is also selected by `curve`). */
export function wants(part) {
  return !ONLY || ONLY.has(part) || (part.startsWith('curve-') && ONLY.has('curve'));
}

export function progress(message) {
  console.log(`▸ ${message} (${((Date.now() - runStartedAt) / 1000).toFixed(1)} s)`);
}

/** One measurement of a two-part section: its value, or the error that stopped it. */
export async function attempt(what, measure) {
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
export async function section(id, title, measure, loadAtStart = loadavg()[0]) {
  let result;
  try {
    result = await measure();
  } catch (error) {
    progress(`${title}: not measured: ${error.message.split('\n')[0]}`);
    result = build.unmeasured(id, title, error);
  }
  return { ...result, machineLoad: { atStart: round(loadAtStart), atEnd: round(loadavg()[0]) } };
}

export const cleanups = new Set();

/** Launches a browser with a fresh profile and seeds it at `scale`; a failed seed ends the run. */
export async function seededBrowser(server, scale, sections, browsers = []) {
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

export async function closeBrowser(browser) {
  await browser.close();
  cleanups.delete(browser.close);
}

// Section 1: fill the app's database through the bench hooks (rows generated and written
// inside the page, so 500,000 entries never cross the DevTools protocol).

/** Today's seed, 1×; `--scale N` (or BENCH_SCALE=N) multiplies every count. */
const ONE_X = { tasks: 5_000, entries: 50_000, checklistItems: 20_000, pending: 5_000 };

/** The scale asked for on the command line (`--scale 10`, `--scale=10`) or in BENCH_SCALE. */
export function readScale(argv = process.argv, env = process.env) {
  const index = argv.findIndex((arg) => arg === '--scale' || arg.startsWith('--scale='));
  const raw =
    index === -1
      ? env.BENCH_SCALE
      : argv[index].includes('=')
        ? argv[index].slice('--scale='.length)
        : argv[index + 1];
  if (raw === undefined || raw === '') return 1;
  const scale = Number(raw);
  if (!Number.isInteger(scale) || scale < 1 || scale > 100) {
    throw new Error(`--scale (or BENCH_SCALE) must be a whole number from 1 to 100, not "${raw}"`);
  }
  return scale;
}

/** What the page seeds at `scale`: tasks, entries and checklist items; `pending` is for section 8b. */
export function seedSize(scale) {
  return Object.fromEntries(Object.entries(ONE_X).map(([key, count]) => [key, count * scale]));
}

export async function seedJournal(page, size) {
  const startedAt = Date.now();
  const report = await page.evaluate(
    ({ tasks, entries, checklistItems }) =>
      window.__countersignBench.seedJournal({ tasks, entries, checklistItems }),
    size,
  );
  return { ...report, wallClockMs: Date.now() - startedAt };
}

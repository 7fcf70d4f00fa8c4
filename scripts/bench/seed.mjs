// Section 1: fill the app's database through the bench hooks (rows generated and written
// inside the page, so 500,000 entries never cross the DevTools protocol), once per size:
// each size has its own browser profile, seeded once and used by every measurement at it.

/** Today's seed, 1×; the curve's second size multiplies every count. */
const ONE_X = { tasks: 5_000, entries: 50_000, checklistItems: 20_000, pending: 5_000 };
/** The curve's second size unless `--scale N` says otherwise. */
const CURVE_SCALE = 10;

/**
 * The sizes this run measures: 1× always; the curve's second size (`--scale N`,
 * `--scale=N` or BENCH_SCALE=N, default 10) unless `--quick` asks for 1× only.
 */
export function readSizes(argv = process.argv, env = process.env) {
  if (argv.includes('--quick')) return { quick: true, scales: [1] };
  const index = argv.findIndex((arg) => arg === '--scale' || arg.startsWith('--scale='));
  const raw =
    index === -1
      ? env.BENCH_SCALE
      : argv[index].includes('=')
        ? argv[index].slice('--scale='.length)
        : argv[index + 1];
  if (raw === undefined || raw === '') return { quick: false, scales: [1, CURVE_SCALE] };
  const scale = Number(raw);
  if (!Number.isInteger(scale) || scale < 2 || scale > 100) {
    throw new Error(
      `--scale (or BENCH_SCALE) is the curve's second size, a whole number from 2 to 100, not "${raw}" (--quick measures 1× only)`,
    );
  }
  return { quick: false, scales: [1, scale] };
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

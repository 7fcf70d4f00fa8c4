// Section 1: seeding the journal at 1× (and 1b at the curve's size).
import { round } from './stats.mjs';
import { numberText } from './section-rows.mjs';

export function seedSection(seed, scale) {
  const rowCount = Object.values(seed.counts).reduce((a, b) => a + b, 0);
  const single = (figure, value, extra = {}) => ({
    figure,
    unit: 'ms',
    median: round(value),
    ...extra,
  });
  return {
    id: scale === 1 ? 'seed' : 'seed-large',
    title: `1${scale === 1 ? '' : 'b'}. Seed at ${scale}×: ${numberText(seed.counts.tasks)} tasks, ${numberText(seed.counts.entries)} entries, ${numberText(seed.counts.checklistItems)} checklist items`,
    status: 'measured',
    rows: [
      single(
        `Write ${numberText(rowCount)} rows (bulkPut, ${numberText(seed.chunkSize)} per transaction)`,
        seed.writeMs,
        {
          versus: `${numberText(Math.round(rowCount / (seed.writeMs / 1000)))} rows/s`,
        },
      ),
      ...Object.entries(seed.writeMsByTable).map(([table, ms]) =>
        single(`  of which ${table} (${numberText(seed.counts[table])} rows)`, ms, {
          versus: `${numberText(Math.round(seed.counts[table] / (ms / 1000)))} rows/s`,
        }),
      ),
      single('Generate the rows (in page)', seed.generateMs),
      single('Validate every row with the app’s zod schemas', seed.validateMs),
      single('Clear the first-run sample journal', seed.clearMs),
      single('Whole seed call, wall clock', seed.wallClockMs),
    ],
    notes: [
      `Rows: ${Object.entries(seed.counts)
        .map(([table, count]) => `${table} ${numberText(count)}`)
        .join(', ')}; setting sampleJournalSeededAt written.`,
      `Scale ${scale}×, in a browser profile of its own that every measurement at this size uses. Written through seedRows (src/db/seed-rows.ts): each row parsed with its schema, then bulkPut in ${numberText(seed.transactions)} transactions; entries and checklist items are written as they are generated.`,
      `One run (not repeated): the seed is the set-up for ${scale === 1 ? 'the sections below' : 'the curve (section 10)'}.`,
      `Text lengths: entries average ${seed.averageEntryCharacters} characters (1 to 28 sentences), task titles ${seed.averageTaskTitleCharacters}.`,
    ],
    raw: seed,
  };
}

// Section 1: fill the app's database through the bench hooks (rows generated and written
// inside the page, so 50,000 entries never cross the DevTools protocol).
export const SEED_SIZE = { tasks: 5_000, entries: 50_000, checklistItems: 20_000 };

export async function seedJournal(page, size = SEED_SIZE) {
  const startedAt = Date.now();
  const report = await page.evaluate(
    (seedSize) => window.__countersignBench.seedJournal(seedSize),
    size,
  );
  return { ...report, wallClockMs: Date.now() - startedAt };
}

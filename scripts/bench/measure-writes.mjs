// Sections 4 and 6: the write path against floors measured in the same page, in the same
// run, interleaved (see bench/page/writes.ts for the loops themselves).

/** Section 4: one estimate edit through dispatch() vs one raw put. */
export function measureTaskEdits(page, { editTaskId, floorTaskId, samples = 200, warmup = 20 }) {
  return page.evaluate((options) => window.__countersignBench.measureTaskEdits(options), {
    editTaskId,
    floorTaskId,
    samples,
    warmup,
  });
}

/** Section 6a: add_multiple_checklist_items with 20 items vs one bulkPut transaction. */
export function measureChecklistBatch(page, { repetitions = 25, warmup = 3, itemCount = 20 } = {}) {
  return page.evaluate((options) => window.__countersignBench.measureChecklistBatch(options), {
    repetitions,
    warmup,
    itemCount,
  });
}

/** Section 6b: 20 single-field edits through dispatch vs the same writes in one transaction. */
export function measureFieldUpdates(page, { repetitions = 25, warmup = 3, updateCount = 20 } = {}) {
  return page.evaluate((options) => window.__countersignBench.measureFieldUpdates(options), {
    repetitions,
    warmup,
    updateCount,
  });
}

// Turns raw samples into the rows each section prints: the figure, its floor from the
// same run, the difference or ratio, the target and whether it is met. Targets are
// judged on medians; p95 is shown so a bad tail is visible too.
import { round, summarize } from './stats.mjs';

const KB = 1000;
const numberText = (value) => value.toLocaleString('en-US');

/** A section that could not be measured: the reason is printed in place of the table. */
export function unmeasured(id, title, error) {
  return { id, title, status: 'not measured', reason: error?.message ?? String(error), rows: [] };
}

function timingRow(figure, samples, extra = {}) {
  const stats = summarize(samples);
  return {
    figure,
    unit: 'ms',
    median: round(stats.median),
    p95: round(stats.p95),
    samples: stats.count,
    min: round(stats.min),
    max: round(stats.max),
    ...extra,
  };
}

export function seedSection(seed) {
  const rowCount = Object.values(seed.counts).reduce((a, b) => a + b, 0);
  const single = (figure, value, extra = {}) => ({
    figure,
    unit: 'ms',
    median: round(value),
    ...extra,
  });
  return {
    id: 'seed',
    title: `1. Seed ${numberText(seed.counts.tasks)} tasks, ${numberText(seed.counts.entries)} entries, ${numberText(seed.counts.checklistItems)} checklist items`,
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
      'One run (not repeated): the seed is the set-up for the sections below.',
      `Text lengths: entries average ${seed.averageEntryCharacters} characters (1 to 28 sentences), task titles ${seed.averageTaskTitleCharacters}.`,
    ],
    raw: seed,
  };
}

export function taskListSection(samples, appStartSamples) {
  const appStart = summarize(appStartSamples.map((sample) => sample.detectedAt));
  const detected = timingRow(
    'First task row in the DOM (fresh page at /)',
    samples.map((s) => s.detectedAt),
  );
  const rowsAtDetection = samples.map((s) => s.atDetection.taskLinks);
  const rowsAfterFrame = samples.map((s) => s.afterFrame?.taskLinks ?? 0);
  return {
    id: 'task-list-render',
    title: '2. Task list render at 5,000 tasks',
    status: 'measured',
    rows: [
      {
        ...detected,
        floor: round(appStart.median),
        difference: round(detected.median - appStart.median),
        target: '≤ 500 ms',
        meetsTarget: detected.median <= 500,
      },
      timingRow(
        '…and the frame with the rows produced',
        samples.map((s) => s.afterFrameAt),
        {
          floor: round(appStart.median),
        },
      ),
      timingRow(
        'Floor: app started, quiet route rendered',
        appStartSamples.map((s) => s.detectedAt),
      ),
      timingRow(
        'DOMContentLoaded (scripts parsed)',
        samples.map((s) => s.domContentLoadedAt),
      ),
    ],
    notes: [
      `${samples.length} measured rounds after a warm-up round; each round opens fresh pages on the quiet route (the floor), on / and on a task page, so load on the machine hits figure and floor alike. The clock starts at navigation (performance.now() in the page; a MutationObserver installed by addInitScript notices the content).`,
      'With 5 samples, p95 is the slowest of them.',
      `Task links in the DOM when first seen: ${rowsAtDetection.join(', ')}; one frame later: ${rowsAfterFrame.join(', ')}.`,
      'Floor: the same fresh-page navigation to a route that reads no journal data (the not-found page), until its text is in the DOM: app download, start-up and opening IndexedDB.',
    ],
    raw: { samples, appStartSamples },
  };
}

export function taskPageSection(samples, appStartSamples) {
  const appStart = summarize(appStartSamples.map((sample) => sample.detectedAt));
  const detected = timingRow(
    'Newest journal entry text in the DOM (fresh page at /tasks/:id)',
    samples.map((s) => s.detectedAt),
  );
  return {
    id: 'task-page-render',
    title: '3. Task page render (tasks with ~10 entries and a checklist)',
    status: 'measured',
    rows: [
      {
        ...detected,
        floor: round(appStart.median),
        difference: round(detected.median - appStart.median),
        target: 'none set',
        meetsTarget: null,
      },
      timingRow(
        '…and the frame with it produced',
        samples.map((s) => s.afterFrameAt),
        { floor: round(appStart.median) },
      ),
    ],
    notes: [
      `${samples.length} navigations (in the rounds of section 2), a different seeded task each (entries per task: ${samples.map((s) => s.entryCount).join(', ')}; checklist items: ${samples.map((s) => s.checklistCount).join(', ')}).`,
      `Entries of the task whose text was in the DOM when the newest appeared: ${samples.map((s) => `${s.atDetection.snippetsPresent}/${s.entryCount}`).join(', ')}; one frame later: ${samples.map((s) => `${s.afterFrame?.snippetsPresent ?? 0}/${s.entryCount}`).join(', ')}.`,
      'Floor: as in section 2 (app started on a route that reads no journal data).',
    ],
    raw: { samples },
  };
}

export function taskEditSection(samples) {
  const floor = summarize(samples.nativePutMs);
  const dispatched = timingRow(
    'Edit: dispatch(update_task_estimate), source user',
    samples.dispatchMs,
  );
  const dexie = timingRow(
    'Reference: Dexie db.tasks.put (its own auto transaction)',
    samples.dexiePutMs,
  );
  const difference = dispatched.median - floor.median;
  return {
    id: 'task-edit',
    title: '4. One task edit through the write path vs one raw IndexedDB put',
    status: 'measured',
    rows: [
      {
        ...dispatched,
        floor: round(floor.median),
        difference: round(difference),
        target: '≤ floor + 5 ms',
        meetsTarget: difference <= 5,
      },
      timingRow(
        'Floor: native indexedDB put, own readwrite transaction, until complete',
        samples.nativePutMs,
      ),
      { ...dexie, floor: round(floor.median), difference: round(dexie.median - floor.median) },
    ],
    notes: [
      `${samples.dispatchMs.length} samples each after 20 warm-up rounds; the three series are interleaved (rotating which goes first) on the app's own connection (db.backendDB() for the native put).`,
      `p95 difference: ${round(dispatched.p95 - summarize(samples.nativePutMs).p95)} ms. The floor puts write a second seeded task, so they never undo the dispatched edits.`,
      'Measured on a quiet route (not-found page) so no live query re-renders a 5,000-task list between samples.',
    ],
    raw: samples,
  };
}

export function bundleSection(bundle) {
  const kilobytes = (bytes) => round(bytes / KB, 1);
  const targetKb = 150;
  return {
    id: 'bundle',
    title: '5. Main bundle size (normal production build, gzip)',
    status: 'measured',
    rows: [
      {
        figure: 'Everything index.html loads up front (JS + CSS)',
        unit: 'kB',
        median: kilobytes(bundle.totalGzipBytes),
        target: `≤ ${targetKb} kB`,
        meetsTarget: bundle.totalGzipBytes <= targetKb * KB,
      },
      {
        figure: '  of which JavaScript (entry + modulepreload)',
        unit: 'kB',
        median: kilobytes(bundle.scriptGzipBytes),
      },
      { figure: '  of which CSS', unit: 'kB', median: kilobytes(bundle.styleGzipBytes) },
      ...bundle.initialFiles.map((file) => ({
        figure: `  ${file.kind}: ${file.url.replace(/^\//, '')}`,
        unit: 'kB',
        median: kilobytes(file.gzipBytes),
        versus: `${kilobytes(file.bytes)} kB raw`,
      })),
      ...bundle.largestChunks.map((chunk, index) => ({
        figure: `Largest chunk #${index + 1}: ${chunk.file}`,
        unit: 'kB',
        median: kilobytes(chunk.gzipBytes),
        versus: `${kilobytes(chunk.bytes)} kB raw`,
      })),
    ],
    notes: [
      `Uncompressed up-front total ${kilobytes(bundle.totalBytes)} kB; ${bundle.chunkCount} JS/CSS files in assets/. gzip: node:zlib default level; kB = 1,000 bytes. Single figures, so no p95.`,
    ],
    raw: bundle,
  };
}

function pairedRow(figure, samples, target) {
  const dispatched = summarize(samples.dispatchMs);
  const floor = summarize(samples.floorMs);
  const ratio = dispatched.median / floor.median;
  return {
    ...timingRow(figure, samples.dispatchMs),
    floor: round(floor.median),
    ratio: round(ratio),
    difference: round(dispatched.median - floor.median),
    target,
    meetsTarget: ratio <= 2,
  };
}

export function dispatcherOverheadSection(checklist, fields) {
  const referenceRatio = summarize(fields.dispatchMs).median / summarize(fields.referenceMs).median;
  return {
    id: 'dispatcher-overhead',
    title: '6. Dispatcher overhead (ratio to the direct Dexie write)',
    status: 'measured',
    rows: [
      pairedRow('add_multiple_checklist_items, 20 items, via dispatch', checklist, '≤ 2×'),
      timingRow(
        'Floor: the 20 checklist rows, bulkPut in one Dexie transaction',
        checklist.floorMs,
      ),
      pairedRow('20 single-field edits one after another via dispatch', fields, '≤ 2×'),
      timingRow('Floor: the same 20 row writes in one Dexie transaction', fields.floorMs),
      {
        ...timingRow('Reference: the 20 writes as 20 separate Dexie puts', fields.referenceMs),
        versus: `dispatch ${round(referenceRatio)}× this`,
      },
    ],
    notes: [
      `${checklist.dispatchMs.length} repetitions after 3 warm-ups, each on fresh tasks, dispatch and floor interleaved.`,
      'Edits alternate set_task_title, update_task_priority (P0/P1/P3 from P2) and update_task_estimate; each is a real change (a no-op aborts the run).',
      'The reference row is not a target: it separates the cost of 20 commits (one per edit) from the dispatcher’s own work.',
    ],
    raw: { checklist, fields },
  };
}

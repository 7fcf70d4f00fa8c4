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

export function seedSection(seed, scale) {
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
      `Scale ${scale}× (npm run bench -- --scale N, or BENCH_SCALE=N). Written through seedRows (src/db/seed-rows.ts): each row parsed with its schema, then bulkPut in ${numberText(seed.transactions)} transactions; entries and checklist items are written as they are generated.`,
      'One run (not repeated): the seed is the set-up for the sections below.',
      `Text lengths: entries average ${seed.averageEntryCharacters} characters (1 to 28 sentences), task titles ${seed.averageTaskTitleCharacters}.`,
    ],
    raw: seed,
  };
}

export function taskListSection(samples, appStartSamples, taskCount) {
  const appStart = summarize(appStartSamples.map((sample) => sample.detectedAt));
  const detected = timingRow(
    'First task row in the DOM (fresh page at /)',
    samples.map((s) => s.detectedAt),
  );
  const rowsAtDetection = samples.map((s) => s.atDetection.taskLinks);
  const rowsAfterFrame = samples.map((s) => s.afterFrame?.taskLinks ?? 0);
  return {
    id: 'task-list-render',
    title: `2. Task list render at ${numberText(taskCount)} tasks`,
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

export function taskEditSection(samples, taskCount) {
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
      `Measured on a quiet route (not-found page) so no live query re-renders a ${numberText(taskCount)}-task list between samples.`,
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

/* Sections 7 and 8 are each two measurements; when one of them fails the other is still
 * reported, and the section says which part is missing (and counts as not measured). */

/** Combines the parts of a section: each is `{ rows, notes, raw }` or `{ error }`. */
function sectionOfParts(id, title, parts) {
  const failed = Object.entries(parts).filter(([, part]) => part.error);
  if (failed.length === Object.keys(parts).length) {
    throw new Error(failed.map(([name, part]) => `${name}: ${part.error.message}`).join('; '));
  }
  const measured = Object.values(parts).filter((part) => !part.error);
  return {
    id,
    title,
    status: failed.length === 0 ? 'measured' : 'partly measured',
    ...(failed.length > 0
      ? {
          reason: failed
            .map(([name, part]) => `${name} not measured: ${part.error.message.split('\n')[0]}`)
            .join('; '),
        }
      : {}),
    rows: measured.flatMap((part) => part.rows),
    notes: measured.flatMap((part) => part.notes),
    raw: Object.fromEntries(
      Object.entries(parts).map(([name, part]) => [
        name,
        part.error ? { error: part.error.message } : part.raw,
      ]),
    ),
  };
}

/** Runs a part's builder; a missing measurement or a builder error becomes `{ error }`. */
function part(measurement, build) {
  if (measurement.error) return { error: measurement.error };
  try {
    return build(measurement.value);
  } catch (error) {
    return { error };
  }
}

const median = (samples) => summarize(samples).median;
const countRow = (figure, counts, extra = {}) => {
  const stats = summarize(counts);
  return { figure, unit: '', median: stats.median, p95: stats.p95, samples: stats.count, ...extra };
};
const msList = (values) => values.map((value) => `${Math.round(value)}`).join(', ');

/** Long animation frames, described for a note: "120 ms (script 80 ms: IDBRequest.onsuccess …)". */
function describeFrames(frames, limit = 3) {
  return [...frames]
    .sort((a, b) => b.duration - a.duration)
    .slice(0, limit)
    .map((frame) => {
      const scripts = frame.scripts
        .map((script) => `${script.invoker} → ${script.source} ${Math.round(script.duration)} ms`)
        .join('; ');
      return `${Math.round(frame.duration)} ms frame at +${Math.round(frame.at)} ms (rendering ${Math.round(frame.renderMs)} ms${scripts ? `; scripts: ${scripts}` : ''})`;
    })
    .join(' | ');
}

function wakeOverheadPart(samples) {
  const wake = timingRow(
    'Wake overhead: runWake, instant model (task with 200 entries, 50 checklist items)',
    samples.wakeMs,
  );
  const floor = median(samples.floorMs);
  const segments = samples.turn1Tools.map((tool, position) =>
    median(samples.turn1Segments.map((segment) => segment[position] ?? 0)),
  );
  const transactions = samples.transactions
    ? `${samples.transactions.readwrite} readwrite and ${samples.transactions.readonly} readonly IndexedDB transactions per wake (counted on a warm-up wake)`
    : 'transactions not counted';
  return {
    rows: [
      {
        ...wake,
        floor: round(floor),
        ratio: round(wake.median / floor),
        target: '≤ 50 ms',
        meetsTarget: wake.median <= 50,
      },
      timingRow('  setup: context read, device id, wake record', samples.phases.setupMs),
      timingRow('  prompt: system prompt and context text', samples.phases.promptMs),
      timingRow(
        '  turn 1: 5 calls (4 proposals, 1 immediate write, 1 note), audit, flush',
        samples.phases.turn1Ms,
      ),
      timingRow('  turn 2: update_report', samples.phases.turn2Ms),
      timingRow('  finish: report, observations, wake record', samples.phases.finishMs),
      timingRow('Context build alone (buildWakeContext)', samples.contextMs),
      timingRow('Context text alone (renderContext)', samples.renderMs),
      timingRow(
        'Floor: the wake’s reads and its six records as plain Dexie calls',
        samples.floorMs,
      ),
    ],
    notes: [
      `${samples.wakeMs.length} wakes after 2 warm-ups, each on a fresh task in an allowed category; each wake and its floor (a twin task) interleaved. Model: a LanguageModelV4 in bench/page/instant-model.ts that streams its parts at once (turn 1: set_task_title, update_task_estimate, add_multiple_checklist_items ×3, set_task_language, record_observations; turn 2: update_report). Every wake checked: done, 2 turns, 5 proposals, language applied.`,
      `The phases come from the wake's own progress reports; the context put ${samples.entriesInPrompt[0]} of 200 entries in the prompt (6,000-character budget), ${samples.promptCharacters[0]?.toLocaleString('en-US')} characters of context text.`,
      `Turn 1 by progress report (median ms; each step holds the previous call's audit write and this call's routing; the first, the instant model's answer): ${samples.turn1Tools.map((tool, position) => `${tool === 'proposed' ? 'last audit + flush' : tool} ${round(segments[position], 1)}`).join(', ')}.`,
      `${transactions}; the floor opens 9 (3 readonly: task, entries, checklist; 6 readwrite).`,
      'Floor: read the task, its entries and checklist as buildWakeContext does, then write the wake record, a change set of 5 items, the task (language), the report, one observation and the wake record again, each in its own transaction (as the wake does).',
      `All wakes (ms): ${msList(samples.wakeMs)}.`,
    ],
    raw: samples,
  };
}

function wakeLongTaskPart(data) {
  const { samples, idle, settleMs } = data;
  const during = samples.map((sample) =>
    sample.longTasks.filter((task) => task.at < sample.wakeMs),
  );
  const after = samples.map((sample) =>
    sample.longTasks.filter((task) => task.at >= sample.wakeMs),
  );
  const longest = (tasks) => Math.max(0, ...tasks.map((task) => task.duration));
  const total = during.reduce((sum, tasks) => sum + tasks.length, 0);
  const idleTasks = idle.map((window) => window.longTasks);
  const idleTotal = idleTasks.reduce((sum, tasks) => sum + tasks.length, 0);
  const frames = samples.flatMap((sample) => sample.longFrames);
  const warmupTasks = data.warmups.flatMap((sample) => sample.longTasks);
  return {
    rows: [
      timingRow(
        'Demo wake through the worker, request → outcome (task page open)',
        samples.map((sample) => sample.wakeMs),
      ),
      countRow(
        'Main-thread long tasks (> 50 ms) per wake, request → outcome',
        during.map((tasks) => tasks.length),
        {
          floor: median(idleTasks.map((tasks) => tasks.length)),
          versus: `${total} in ${samples.length} wakes (idle: ${idleTotal})`,
          target: 'none',
          meetsTarget: total === 0,
        },
      ),
      {
        ...timingRow('Longest main-thread long task per wake', during.map(longest)),
        floor: round(median(idleTasks.map(longest))),
        versus: `longest of all ${round(Math.max(0, ...during.map(longest)), 0)} ms`,
        target: 'no long task',
        meetsTarget: total === 0,
      },
      countRow(
        `…in the ${settleMs} ms after the outcome (live queries settle): count per wake`,
        after.map((tasks) => tasks.length),
        { versus: `longest ${round(Math.max(0, ...after.map(longest)), 0)} ms` },
      ),
    ],
    notes: [
      `${samples.length} demo wakes (after ${data.warmups.length} warm-up that starts the worker: ${warmupTasks.length} long task(s)${warmupTasks.length ? `, longest ${Math.round(longest(warmupTasks))} ms` : ''}) on /tasks/${data.taskId}, requested with wakeInWorker() from the page; the demo model paces its answer over ~350 ms per turn, so the wall-clock time is mostly waiting. Before each wake the task is put back as the sample journal has it and its change sets removed, so each wake proposes the same 6 changes, sets the language and writes a report.`,
      `Long tasks per wake (start +ms: duration ms): ${during.map((tasks) => (tasks.length ? tasks.map((task) => `+${Math.round(task.at)}: ${Math.round(task.duration)}`).join(' ') : '—')).join(' | ')}.`,
      `Floor: the same page left idle for as long as each wake took (plus ${settleMs} ms), right after it: ${idleTotal} long task(s).`,
      frames.length
        ? `Longest animation frames with blocking time during the wakes (Long Animation Frames API): ${describeFrames(frames)}.`
        : 'No animation frame with blocking time during the wakes.',
      'Only the page’s main thread counts: the wake itself runs in the worker, whose tasks the Long Tasks API does not report.',
    ],
    raw: data,
  };
}

export function wakeSection(overhead, longTasks) {
  return sectionOfParts(
    'wake',
    '7. The wake without the model, and the main thread during a wake',
    {
      'wake overhead': part(overhead, wakeOverheadPart),
      'long tasks during a wake': part(longTasks, wakeLongTaskPart),
    },
  );
}

function confirmAllPart(samples) {
  const paired = (figure, series) => {
    const row = timingRow(figure, series.confirmAllMs);
    const floor = median(series.floorMs);
    const ratio = row.median / floor;
    return {
      ...row,
      floor: round(floor),
      ratio: round(ratio),
      target: '≤ 3×',
      meetsTarget: ratio <= 3,
    };
  };
  const checklist = paired('Confirm All, 20 items (add_checklist_item ×20)', samples.checklist);
  const reference = summarize(samples.checklist.referenceMs).median;
  const transactions = samples.transactions
    ? `One Confirm All of 20 items opens ${samples.transactions.readwrite} readwrite and ${samples.transactions.readonly} readonly IndexedDB transactions (counted on a warm-up round); the floor opens 1.`
    : 'Transactions not counted.';
  return {
    rows: [
      checklist,
      timingRow(
        'Floor: the same 20 checklist rows, bulkPut in one Dexie transaction',
        samples.checklist.floorMs,
      ),
      {
        ...timingRow('Reference: the same 20 rows, one commit each', samples.checklist.referenceMs),
        versus: `Confirm All ${round(checklist.median / reference)}× this`,
      },
      paired(
        'Confirm All, mixed 20 (title, estimate, priority, due date + 16 checklist items)',
        samples.mixed,
      ),
      timingRow(
        'Floor: its 4 task writes and 16 checklist rows in one transaction',
        samples.mixed.floorMs,
      ),
    ],
    notes: [
      `${samples.checklist.confirmAllMs.length} repetitions after 2 warm-ups, each on fresh sets proposed through the ChangeSetBuilder on fresh tasks in an allowed category; Confirm All, floors and reference interleaved (rotating which goes first). Each Confirm All checked: 20 applied.`,
      `Per item: ${round(checklist.median / 20, 1)} ms (Confirm All applies every item with its decision in one transaction, with one transaction per item only after a failure: docs/decisions/0002-a-confirmation-is-one-transaction.md). ${transactions}`,
      'The reference is not a target: it is the cost of 20 separate commits, what Confirm All cost when each item had its own transaction.',
    ],
    raw: samples,
  };
}

const SWIPE_EVENTS = new Set([
  'touchstart',
  'touchend',
  'pointerdown',
  'pointerup',
  'pointercancel',
]);

/** The longest touch/pointer event of one swipe, or a stand-in at the API's 16 ms threshold. */
function longestSwipeEvent(swipe) {
  const events = swipe.events.filter((entry) => SWIPE_EVENTS.has(entry.name));
  if (events.length === 0) return { duration: 16, belowThreshold: true };
  const event = events.reduce((a, b) => (b.duration > a.duration ? b : a));
  return {
    name: event.name,
    duration: event.duration,
    inputDelay: event.processingStart - event.startTime,
    processing: event.processingEnd - event.processingStart,
    presentation: event.startTime + event.duration - event.processingEnd,
  };
}

function swipePart(data) {
  const { confirms, springBacks, seed } = data;
  const longest = confirms.map(longestSwipeEvent);
  const floorLongest = springBacks.map(longestSwipeEvent);
  const below = longest.filter((event) => event.belowThreshold).length;
  const measured = longest.filter((event) => !event.belowThreshold);
  const headline = timingRow(
    `Swipe-confirm at ${seed.totalPending.toLocaleString('en-US')} pending: longest touch/pointer event (Event Timing)`,
    longest.map((event) => event.duration),
  );
  const floor = median(floorLongest.map((event) => event.duration));
  const gone = confirms.map((swipe) => swipe.goneAt - swipe.touchEndAt);
  const tasks = confirms.map((swipe) => swipe.longTasks);
  const longestTask = (list) => Math.max(0, ...list.map((task) => task.duration));
  const frames = confirms.flatMap((swipe) =>
    swipe.longFrames.map((frame) => ({ ...frame, at: frame.startTime - swipe.touchStartAt })),
  );
  const breakdown = (figure, key) =>
    measured.length > 0
      ? [
          timingRow(
            figure,
            measured.map((event) => event[key]),
          ),
        ]
      : [];
  return {
    rows: [
      {
        ...headline,
        floor: round(floor),
        difference: round(headline.median - floor),
        target: '≤ 50 ms',
        meetsTarget: headline.median <= 50,
      },
      ...breakdown('  its input delay (event → handlers start)', 'inputDelay'),
      ...breakdown('  its processing (handlers)', 'processing'),
      ...breakdown('  its presentation (handlers → next paint)', 'presentation'),
      timingRow(
        'Floor: a short swipe on the same row (springs back, nothing decided)',
        floorLongest.map((event) => event.duration),
      ),
      timingRow('touchend → row gone from the inbox (confirm, live query, render)', gone),
      timingRow(
        '  re-run on each confirm: listPendingGroups (the inbox’s live query)',
        data.queries.listMs,
      ),
      timingRow(
        '  and countPendingItems (the navigation badge’s live query)',
        data.queries.countMs,
      ),
      countRow(
        'Long tasks from touchstart until the row left + 400 ms',
        tasks.map((list) => list.length),
        {
          versus: `longest ${Math.round(Math.max(0, ...tasks.map(longestTask)))} ms`,
        },
      ),
      {
        figure: `Review inbox at ${seed.totalPending.toLocaleString('en-US')} pending: first row in the DOM after navigation`,
        unit: 'ms',
        median: round(data.firstRowAt),
      },
    ],
    notes: [
      `${confirms.length} swipes after 1 warm-up, each on the then-first row of /review (${data.inboxCount ?? 'count not read'}): CDP Input.dispatchTouchEvent touchStart, 10 touchMoves 16 ms apart over 200 px (the threshold is 120 px), touchEnd; each checked: the row left and its item is confirmed. Before each, the floor: the same gesture over 60 px.`,
      `Event Timing: PerformanceObserver type "event", durationThreshold 16 (the API's minimum; durations are rounded to 8 ms). Counted events: ${[...SWIPE_EVENTS].join(', ')}. Per swipe, the longest: ${longest.map((event) => (event.belowThreshold ? '<16' : `${event.name} ${Math.round(event.duration)}`)).join(', ')} ms${below ? ` (${below} swipe(s) had no such event ≥ 16 ms and count as 16 ms, an upper bound)` : ''}; floor swipes: ${floorLongest.map((event) => (event.belowThreshold ? '<16' : Math.round(event.duration))).join(', ')} ms.`,
      `Seeded ${seed.items.toLocaleString('en-US')} pending items in ${seed.sets.toLocaleString('en-US')} change sets on as many tasks (title, estimate, priority and checklist proposals, written by seedChangeSets in ${numberText(seed.transactions)} transactions in ${Math.round(seed.writeMs)} ms), on top of ${seed.alreadyPending} left by sections 7 and 8a.`,
      frames.length
        ? `Longest animation frames with blocking time (+ms from touchstart): ${describeFrames(frames)}.`
        : 'No animation frame with blocking time during the swipes.',
      `The two live queries were timed ${data.queries.listMs.length} times each on a quiet page after the seed (${data.queries.pending.toLocaleString('en-US')} pending): both re-run after every change-set write, and countPendingItems builds the same groups as listPendingGroups only to count them. The first-row figure is one navigation, not repeated.`,
    ],
    // Only the swipe's own events: each swipe also fires a dozen pointerleave/pointerenter.
    raw: {
      ...data,
      confirms: confirms.map(swipeEventsOnly),
      springBacks: springBacks.map(swipeEventsOnly),
    },
  };
}

function swipeEventsOnly(swipe) {
  const events = swipe.events.filter((entry) => SWIPE_EVENTS.has(entry.name));
  return { ...swipe, events, otherEvents: swipe.events.length - events.length };
}

export function reviewSection(confirmAll, swipe, totalPending) {
  const pending = `${numberText(totalPending)} pending`;
  return sectionOfParts('review', `8. Review: Confirm All, and a swipe at ${pending}`, {
    'Confirm All': part(confirmAll, confirmAllPart),
    [`swipe at ${pending}`]: part(swipe, swipePart),
  });
}

/** Section 9: sync between two devices (scripts/bench/measure-sync.mjs). */
export function syncSection({ latency, catchUp, faults }) {
  const longest = Math.max(0, ...catchUp.longTasks);
  const rate = catchUp.count / (catchUp.catchUpMs / 1000);
  const duplicates = faults.duplicatesOnServer + faults.duplicatesApplied + faults.appliedTwice;
  const losses = faults.lossesOnServer + faults.lossesApplied;
  return {
    id: 'sync',
    title: '9. Sync between two devices (nats-server on loopback)',
    status: 'measured',
    rows: [
      {
        ...timingRow('A→B: title typed on A until B shows it (in B’s IndexedDB)', latency),
        target: '≤ 1,000 ms',
        meetsTarget: summarize(latency).median <= 1_000,
      },
      {
        figure: `Catch-up: ${numberText(catchUp.count)} operations after B was offline`,
        unit: 'ms',
        median: round(catchUp.catchUpMs),
        versus: `${numberText(Math.round(rate))} operations/s`,
      },
      {
        figure: '  longest main-thread task on B meanwhile',
        unit: 'ms',
        median: round(longest),
        target: '≤ 200 ms',
        meetsTarget: longest <= 200,
        versus: `${catchUp.longTasks.length} tasks over 50 ms`,
      },
      {
        figure: `Exactly once under faults: duplicates (${numberText(faults.operations)} operations)`,
        unit: '',
        median: duplicates,
        target: '0',
        meetsTarget: duplicates === 0,
      },
      {
        figure: '  losses',
        unit: '',
        median: losses,
        target: '0',
        meetsTarget: losses === 0,
      },
    ],
    notes: [
      'Two Chromium profiles (two devices, each its own IndexedDB) connected through Settings → Sync; A edits the sample task’s title on its task page, B has the same page open. The first 5 changes are warm-up.',
      `Catch-up: a scripted third device published ${numberText(catchUp.count)} journal operations (new entries) in ${numberText(Math.round(catchUp.publishMs))} ms while B was offline (context.setOffline); timed from back online until B’s stored cursor reached the last one.`,
      `Faults (test/sync/exactly-once-faults.test.ts, the app's runtime over fake-indexeddb): 3-node cluster, stream replicas 3; ${faults.timeouts} timeout bursts (replies held), ${faults.resets} answer-lost bursts (connection reset), the stream leader killed at operation ${faults.leaderKilledAt}; ${faults.askedThePerson} push(es) needed the person's "it did not happen"; ${faults.seconds} s. Counted per operation on the server and on the receiving device.`,
    ],
    raw: { latency, catchUp, faults },
  };
}

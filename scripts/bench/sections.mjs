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

export function timingRow(figure, samples, extra = {}) {
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

export function taskPageSection(samples, appStartSamples, long) {
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
      ...longJournalRows(long),
      ...autoWakeWatchRows(long?.watch),
    ],
    notes: [
      `${samples.length} navigations (in the rounds of section 2), a different seeded task each (entries per task: ${samples.map((s) => s.entryCount).join(', ')}; checklist items: ${samples.map((s) => s.checklistCount).join(', ')}).`,
      `Entries of the task whose text was in the DOM when the newest appeared: ${samples.map((s) => `${s.atDetection.snippetsPresent}/${s.entryCount}`).join(', ')}; one frame later: ${samples.map((s) => `${s.afterFrame?.snippetsPresent ?? 0}/${s.entryCount}`).join(', ')}.`,
      'Floor: as in section 2 (app started on a route that reads no journal data).',
      ...(long?.tenX?.length
        ? [
            `Long journals: 6 tasks of 200 entries and 6 of 2,000, seeded after the journal (bench/page/long-journals.ts), a different one of each each round, in the same rounds. The page reads and shows the newest 50 and offers the rest 50 at a time (src/features/journal/journal-entries.tsx), so both show 50; before, it read and rendered them all.`,
          ]
        : long?.error
          ? [`Long journals not measured: ${long.error.message ?? long.error}`]
          : []),
      ...(long?.watch?.value
        ? [
            `Automatic wake's watch: with the wake turned on, one entry added to each long task, then readAutoWakeWatch (src/db/queries/agent.ts) read as the open page reads it after that edit; ${long.watch.value.oneX.length} reads of each size, in 3 interleaved rounds, after the render rounds. It reads the ledger's operations on the task since the page opened ([taskId+createdAt]); before, it read every entry and checklist item of the task, on every edit, and on every task page even with the wake off.`,
          ]
        : long?.watch?.error
          ? [`Automatic wake's watch not measured: ${long.watch.error.message ?? long.watch.error}`]
          : []),
    ],
    raw: {
      samples,
      long: long && { oneX: long.oneX, tenX: long.tenX, watch: long.watch?.value },
    },
  };
}

/** The same figure on long journals, 200 entries and 2,000: flat, since both show 50. */
function longJournalRows(long) {
  if (!long?.oneX?.length || !long?.tenX?.length) return [];
  return flatPair(
    '  the same on a task with 200 entries',
    long.oneX.map((s) => s.detectedAt),
    long.tenX.map((s) => s.detectedAt),
  );
}

/** The automatic wake's watch after one edit, at 200 entries and 2,000: flat. */
function autoWakeWatchRows(watch) {
  if (!watch?.value?.oneX?.length || !watch.value.tenX?.length) return [];
  const replaced = watch.value.replacedTenX?.length
    ? [
        timingRow(
          '  Reference: the read it replaced (every item and entry), 200 entries',
          watch.value.replacedOneX,
        ),
        timingRow('  Reference: the same, 2,000 entries', watch.value.replacedTenX),
      ]
    : [];
  return [
    ...flatPair(
      "Automatic wake's watch read after one edit, task with 200 entries",
      watch.value.oneX,
      watch.value.tenX,
    ),
    ...replaced,
  ];
}

/** A figure on tasks of 200 entries, then of 2,000 with its ratio to the first: ≤ 1.2× is flat. */
function flatPair(oneXLabel, oneXSamples, tenXSamples) {
  const oneX = timingRow(oneXLabel, oneXSamples);
  const tenX = timingRow('  the same on a task with 2,000 entries (10×)', tenXSamples);
  const ratio = tenX.median / oneX.median;
  return [
    oneX,
    {
      ...tenX,
      floor: oneX.median,
      ratio: round(ratio),
      versus: `${round(ratio)}× the 200-entry tasks`,
      target: '≤ 1.2× (flat)',
      meetsTarget: ratio <= 1.2,
    },
  ];
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
        figure:
          'First page, gzipped, against 150 kB: everything index.html loads up front (JS + CSS)',
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
const msList = (values) =>
  values.map((value) => (Number.isFinite(value) ? `${Math.round(value)}` : '—')).join(', ');

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

/** "readonly agents+categories+tasks; readwrite … ×2; …": a transaction log, in order. */
function describeTransactionLog(log) {
  const runs = [];
  for (const entry of log) {
    const text = `${entry.mode === 'readwrite' ? 'rw' : 'r'} ${entry.tables.join('+')}`;
    const last = runs.at(-1);
    if (last?.text === text) last.times += 1;
    else runs.push({ text, times: 1 });
  }
  return runs
    .map(({ text, times }, index) => `${index + 1}. ${text}${times > 1 ? ` ×${times}` : ''}`)
    .join('; ');
}

const transactionTotal = (counts) => counts.readwrite + counts.readonly;

/** "312 requests: tasks get 60, mutations mutate(put) 20, …", most first. */
function describeRequests(requests) {
  const entries = Object.entries(requests ?? {}).sort((a, b) => b[1] - a[1]);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  return `${total} IndexedDB requests (${entries.map(([key, count]) => `${key} ${count}`).join(', ')})`;
}

/** What the badge's transactions are, when the counted action made it re-run. */
const badgeNote = (counts) =>
  counts.badge > 0
    ? ` Not counted: ${counts.badge} readonly transaction(s) over the tallies alone, the navigation badge's live query (countPendingItems reads its two tallies in a transaction each) re-running on the page after the action's writes.`
    : '';
const WAKE_TRANSACTION_TARGET = 12;

const describeCurveSize = (size) =>
  `${size.entries.toLocaleString('en')} entries, a category of ${size.categoryTasks.toLocaleString('en')} tasks and ${size.categoryDecisions.toLocaleString('en')} decisions`;

/** The context's build at 1× and 10× of what grows around a task: flat, like every read a wake makes. */
function contextCurvePart(samples) {
  const oneX = timingRow(`Context build, ${describeCurveSize(samples.oneX.size)}`, samples.oneX.ms);
  const tenX = timingRow(
    `  the same at 10×: ${describeCurveSize(samples.tenX.size)}`,
    samples.tenX.ms,
  );
  const ratio = median(samples.tenX.ms) / median(samples.oneX.ms);
  return {
    rows: [
      oneX,
      {
        ...tenX,
        floor: oneX.median,
        ratio: round(ratio),
        target: '≤ 1.2× (flat)',
        meetsTarget: ratio <= 1.2,
      },
    ],
    notes: [
      `${samples.oneX.ms.length} builds of each after 2 warm-ups, alternating which goes first (bench/page/context-curve.ts). Each task is in a category of its own, allowed, with the tasks and decisions named; the prompt takes the same budget of entries (read newest first until it is full) and the agent's record the same window of the category's decisions (read through their [categoryId+decidedAt] index) at both sizes. Each build checked: the record names the category's other tasks.`,
    ],
    raw: samples,
  };
}

function wakeOverheadPart(samples) {
  const wake = timingRow(
    'Wake overhead: runWake, instant model (task with 200 entries, 50 checklist items)',
    samples.wakeMs,
  );
  const floor = median(samples.floorMs);
  const ratio = wake.median / floor;
  const segments = samples.turn1Tools.map((tool, position) =>
    median(samples.turn1Segments.map((segment) => segment[position] ?? 0)),
  );
  const counts = samples.transactions;
  const floorCounts = samples.floorTransactions;
  return {
    rows: [
      {
        ...wake,
        floor: round(floor),
        ratio: round(ratio),
        target: '≤ 1.5× floor',
        meetsTarget: ratio <= 1.5,
      },
      timingRow('  setup: policy, context read, device id, wake record', samples.phases.setupMs),
      timingRow('  prompt: system prompt and context text', samples.phases.promptMs),
      timingRow(
        '  turn 1: 5 calls (2 proposals, a batch of 3, 1 immediate write, 1 note), audit, flush',
        samples.phases.turn1Ms,
      ),
      timingRow('  turn 2: update_report, audit', samples.phases.turn2Ms),
      timingRow('  finish: report, observations, wake record', samples.phases.finishMs),
      timingRow('Context build alone (buildWakeContext)', samples.contextMs),
      timingRow('Context text alone (renderContext)', samples.renderMs),
      timingRow(
        'Floor: the wake’s reads and records as plain Dexie calls, grouped as the wake groups them',
        samples.floorMs,
      ),
      ...(counts
        ? [
            {
              figure: 'IndexedDB transactions per wake (counted on a warm-up wake)',
              unit: '',
              median: transactionTotal(counts),
              floor: floorCounts ? transactionTotal(floorCounts) : undefined,
              versus: `${counts.readwrite} rw, ${counts.readonly} r`,
              target: `≤ ${WAKE_TRANSACTION_TARGET}`,
              meetsTarget: transactionTotal(counts) <= WAKE_TRANSACTION_TARGET,
            },
          ]
        : []),
    ],
    notes: [
      `${samples.wakeMs.length} wakes after 2 warm-ups, each on a fresh task in an allowed category; each wake and its floor (a twin task) interleaved. Model: a LanguageModelV4 in bench/page/instant-model.ts that streams its parts at once (turn 1: set_task_title, update_task_estimate, add_multiple_checklist_items of 3, set_task_language, record_observations; turn 2: update_report). Every wake checked: done, 2 turns, 5 proposals, language applied.`,
      `The earlier absolute target for the same figure, ≤ 50 ms: ${wake.median <= 50 ? 'met' : 'not met'} (${round(wake.median, 1)} ms).`,
      `The phases come from the wake's own progress reports; the context put ${samples.entriesInPrompt[0]} of 200 entries in the prompt (6,000-character budget), ${samples.promptCharacters[0]?.toLocaleString('en-US')} characters of context text.`,
      `Turn 1 by progress report (median ms; each step holds this call's routing, the first also the instant model's answer; the audit is written once, with the flush): ${samples.turn1Tools.map((tool, position) => `${tool === 'proposed' ? 'audit + flush' : tool} ${round(segments[position], 1)}`).join(', ')}.`,
      counts
        ? `The wake's ${transactionTotal(counts)} transactions, in order: ${describeTransactionLog(counts.log)}.${badgeNote(counts)} The same wake made ${describeRequests(samples.requests)}.`
        : 'Transactions not counted.',
      floorCounts
        ? `The floor's ${transactionTotal(floorCounts)}: ${describeTransactionLog(floorCounts.log)}.`
        : 'The floor’s transactions not counted.',
      'Floor: read what the wake’s context reads in one read transaction, as buildWakeContext reads it (the task, agent and categories first; then the checklist, the labels, the newest entries, as many as the prompt takes and the one that did not fit, the previous report, the task’s open proposals and decisions, the category’s 300 newest decisions for the agent’s record, and the category’s rules), then write the wake record, the turn’s change set of 5 pending items (through the seeding helper, so the inbox tallies grow and the navigation badge reads them again, as after the wake’s turn), the task’s language, and the report, one observation and the ended wake in one transaction: the records a wake keeps, grouped as the wake groups them, without the ledger, audit and outbox rows the wake adds.',
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

/** Issue 12 item 4: what one hostile wake can write to the audit trail. */
export function hostileWakeAuditPart(measured) {
  return {
    rows: [
      {
        figure: 'Largest audit row a hostile wake can produce (JSON, UTF-8)',
        unit: 'bytes',
        median: measured.largestRowBytes,
        target: '≤ 4 kB',
        meetsTarget: measured.largestRowBytes <= 4_096,
      },
      {
        figure: '  all audit rows of that wake together',
        unit: 'bytes',
        median: measured.totalBytes,
        versus: `${measured.rows} rows; ${measured.notStored} calls handled but not stored`,
      },
    ],
    notes: [
      `One wake of ${measured.turns} turns and ${measured.calls} calls from a hostile script (bench/page/agent.ts): each turn opens with 1 MB of text; the calls carry a 1 MB tool name, 1 MB of junk beside valid arguments, a 1 MB value for the immediate tool, arguments nested 5,000 levels deep and a 1 MB report. Every value is clipped to 2,000 characters, and the wake stores at most 64 kB of audit, then one row per turn saying how many calls it left out. Wake: ${Math.round(measured.wakeMs)} ms.`,
    ],
    raw: measured,
  };
}

export function wakeSection(overhead, longTasks, hostileAudit, contextCurve) {
  return sectionOfParts(
    'wake',
    '7. The wake without the model, and the main thread during a wake',
    {
      'wake overhead': part(overhead, wakeOverheadPart),
      ...(contextCurve ? { 'context at 1× and 10×': part(contextCurve, contextCurvePart) } : {}),
      'long tasks during a wake': part(longTasks, wakeLongTaskPart),
      ...(hostileAudit
        ? { 'audit of a hostile wake': part(hostileAudit, hostileWakeAuditPart) }
        : {}),
    },
  );
}

const rowTotal = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * The rows "every row it writes" and "the rows any design writes": not targets. The first
 * beside Confirm All's median, the second beside the target's floor.
 */
function writtenRowsRows(samples, confirmAllMedian, targetFloor) {
  const rows = [];
  if (samples.writtenRows && samples.writtenRows.floorMs.length > 0) {
    const floor = median(samples.writtenRows.floorMs);
    rows.push({
      ...timingRow(
        `Every row it writes (${rowTotal(samples.writtenRows.counts)}), bulkPut in one transaction`,
        samples.writtenRows.floorMs,
      ),
      versus: `Confirm All ${round(confirmAllMedian / floor)}× this`,
    });
  }
  if (samples.decidedRows && samples.decidedRows.floorMs.length > 0) {
    const floor = median(samples.decidedRows.floorMs);
    rows.push({
      ...timingRow(
        `  of them, the ${rowTotal(samples.decidedRows.counts)} no bookkeeping can spare (journal, item status, decision, set)`,
        samples.decidedRows.floorMs,
      ),
      versus: `${round(floor / targetFloor)}× the floor`,
    });
  }
  return rows;
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
    ? `One Confirm All of 20 items opens ${samples.transactions.readwrite} readwrite and ${samples.transactions.readonly} readonly IndexedDB transactions (counted on a warm-up round: ${describeTransactionLog(samples.transactions.log)}); the floor opens 1.${badgeNote(samples.transactions)} It makes ${describeRequests(samples.requests)}; the floor makes 1 (a bulkPut).`
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
      ...writtenRowsRows(samples, checklist.median, median(samples.checklist.floorMs)),
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
      'The reference is not a target: it is the cost of 20 separate commits, the floor of Confirm All’s fallback (one transaction per item, after an item threw).',
      ...(samples.writtenRows
        ? [
            `Every row it writes, also not a target: what one Confirm All of the checklist set wrote, read back after the counted round (${Object.entries(
              samples.writtenRows.counts,
            )
              .map(([table, count]) => `${table} ${count}`)
              .join(
                ', ',
              )}; besides, 2 tally rows), written again under fresh keys with one bulkPut per table in one transaction, then deleted untimed. The gap between it and the target's floor is what the journal's bookkeeping costs (the item's status, the decision, the ledger row for undo, the outbox row for sync, the audit trail); the gap between Confirm All and it is the code's own.`,
          ]
        : []),
      ...(samples.decidedRows
        ? [
            `The rows no bookkeeping can spare: of those, only the journal rows, each item's status, its decision and the set row, written the same way. Any Confirm All that keeps a decision per item (invariant 3) writes at least these; what is left of the ≤ 3× budget beside them is all the ledger (undo), the outbox (sync), the audit trail and the code may cost.`,
          ]
        : []),
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

/** The collapse a decided inbox row holds its place for (COLLAPSE_MS in review-inbox.tsx). */
const COLLAPSE_MS = 200;

/**
 * When the row after a swiped one settled: the first frame (after touchend) from which the
 * swiped row is gone and the next row's Confirm button never moves again while observed.
 * Also its largest move in one frame and how far it went in all.
 */
function settleOf(swipe) {
  const frames = swipe.frames.filter((frame) => frame.at >= swipe.touchEndAt);
  const last = frames.at(-1);
  if (!last || last.top === null) return { error: 'the next row was not on screen' };
  const same = (frame) =>
    frame.top !== null &&
    Math.abs(frame.top - last.top) < 0.5 &&
    Math.abs(frame.left - last.left) < 0.5;
  if (last.rowPresent) return { error: 'the swiped row was still in the DOM at the end' };
  let first = frames.length - 1;
  while (first > 0 && !frames[first - 1].rowPresent && same(frames[first - 1])) first -= 1;
  let largestJump = 0;
  for (let index = 1; index < frames.length; index++) {
    const [before, after] = [frames[index - 1], frames[index]];
    if (before.top === null || after.top === null) continue;
    largestJump = Math.max(
      largestJump,
      Math.hypot(after.top - before.top, after.left - before.left),
    );
  }
  const start = frames.find((frame) => frame.top !== null);
  return {
    settledAt: frames[first].at,
    stableForMs: last.at - frames[first].at,
    largestJumpPx: largestJump,
    movedPx: start ? Math.hypot(last.top - start.top, last.left - start.left) : 0,
    frames: frames.length,
  };
}

/**
 * The decision's way through IndexedDB after touchend: the reads before its transaction
 * (confirmItem reads the item and its set), the readwrite transaction that wrote the
 * decision, and what the page read after it (live queries re-running).
 */
function decisionTransactions(swipe) {
  const after = swipe.transactions.filter((record) => record.openedAt >= swipe.touchEndAt);
  const decision = after.find(
    (record) =>
      record.mode === 'readwrite' &&
      record.tables.includes('decisions') &&
      record.outcome === 'complete',
  );
  if (!decision) return { decision: null, before: after, later: [] };
  return {
    decision,
    before: after.filter((record) => record.openedAt < decision.openedAt),
    later: after.filter((record) => record.openedAt > decision.openedAt),
  };
}

/** Every figure a swipe yields, per swipe: Event Timing, commit, leaving, gone, settled. */
function swipeFigures(confirms) {
  return confirms.map((swipe) => {
    const settle = settleOf(swipe);
    const { decision, before, later } = decisionTransactions(swipe);
    const since = (at) => (at === undefined || at === null ? null : at - swipe.touchEndAt);
    // touchend's own Event Timing entry, when it reached the threshold: when its handlers ran.
    const touchEnd = swipe.events.find(
      (entry) => entry.name === 'touchend' && entry.startTime >= swipe.touchEndAt - 1,
    );
    return {
      handlerStartMs: since(touchEnd?.processingStart),
      handlerEndMs: since(touchEnd?.processingEnd),
      longest: longestSwipeEvent(swipe),
      firstReadMs: since(before[0]?.openedAt),
      firstReadEndedMs: since(before[0]?.endedAt),
      openedMs: since(decision?.openedAt),
      committedMs: since(decision?.endedAt),
      leavingMs: since(swipe.leavingAt),
      goneMs: since(swipe.goneAt),
      readsBefore: before.map((record) => record.tables.join('+')),
      transactionsAfter: later.length,
      settle,
      settledMs: settle.error ? null : settle.settledAt - swipe.touchEndAt,
    };
  });
}

/** What the swipes read before the decision's transaction, and when (a row decides with what it shows: nothing). */
function readsBeforeDecision(figures, step) {
  const reads = [...new Set(figures.flatMap((figure) => figure.readsBefore))];
  if (reads.length === 0) return "nothing was read before the decision's transaction";
  return `a read before the decision's transaction opened ${round(step('firstReadMs'), 1)} and ended ${round(step('firstReadEndedMs'), 1)} (${reads.join(', ')})`;
}

/** The values of `key` across swipes; throws (naming the figure) when any swipe lacks it. */
function every(figures, key, what) {
  const values = figures.map((figure) => figure[key]);
  if (values.some((value) => value === null || value === undefined)) {
    throw new Error(
      `${what}: not recorded on ${values.filter((value) => value == null).length} of ${values.length} swipes`,
    );
  }
  return values;
}

const LEAVING_TARGET_MS = 50;
const SETTLE_TARGET_MS = 250;

function swipePart(data) {
  const { confirms, springBacks, seed } = data;
  const figures = swipeFigures(confirms);
  const longest = figures.map((figure) => figure.longest);
  const floorLongest = springBacks.map(longestSwipeEvent);
  const below = longest.filter((event) => event.belowThreshold).length;
  const measured = longest.filter((event) => !event.belowThreshold);
  const headline = timingRow(
    `Swipe-confirm at ${seed.totalPending.toLocaleString('en-US')} pending: longest touch/pointer event (Event Timing)`,
    longest.map((event) => event.duration),
  );
  const floor = median(floorLongest.map((event) => event.duration));
  const leaving = timingRow(
    'touchend → decision committed and the row marked leaving',
    every(figures, 'leavingMs', 'the row marked leaving'),
  );
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
  const step = (key) => median(figures.map((figure) => figure[key] ?? NaN));
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
      {
        ...leaving,
        target: `≤ ${LEAVING_TARGET_MS} ms`,
        meetsTarget: leaving.median <= LEAVING_TARGET_MS,
      },
      timingRow(
        '  of which touchend → the decision’s transaction committed',
        every(figures, 'committedMs', 'the decision’s commit'),
      ),
      timingRow(
        `touchend → row gone from the DOM (after its ${COLLAPSE_MS} ms collapse)`,
        every(figures, 'goneMs', 'the row gone'),
      ),
      timingRow(
        '  re-run on each confirm: readInboxWindow, first 20 rows (the inbox’s live query)',
        data.queries.listMs,
      ),
      timingRow(
        '  and countPendingItems (the navigation badge’s live query, one tally row)',
        data.queries.countMs,
      ),
      countRow(
        'Long tasks from touchstart until the row left + the settle window',
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
      `Marked leaving: a MutationObserver (installed before the app) sees the row wrapped in .review-collapse, which the inbox does once confirm() has resolved, so after the decision's transaction committed. The page's IndexedDB transactions are logged through Dexie's DBCore (bench/page/timing.ts watchTransactions); the decision's is the first readwrite one after touchend that wrote the decisions table.`,
      `Where the time goes (medians, ms after touchend): the touchend handlers ran from ${round(step('handlerStartMs'), 1)} to ${round(step('handlerEndMs'), 1)} (the wait before them is the browser's: on the floor swipes, which decide nothing, their longest event waited ${round(median(floorLongest.map((event) => event.inputDelay ?? NaN)), 1)} ms too); ${readsBeforeDecision(figures, step)}; the decision's readwrite transaction opened ${round(step('openedMs'), 1)}; committed ${round(step('committedMs'), 1)}; row marked leaving ${round(step('leavingMs'), 1)}; row gone ${round(step('goneMs'), 1)}. After the commit the page opened ${msList(figures.map((figure) => figure.transactionsAfter))} more transaction(s) per swipe (its live queries re-reading).`,
      `Per swipe (ms): marked leaving ${msList(figures.map((figure) => figure.leavingMs ?? NaN))}; committed ${msList(figures.map((figure) => figure.committedMs ?? NaN))}; gone ${msList(figures.map((figure) => figure.goneMs ?? NaN))}.`,
      `Seeded ${seed.items.toLocaleString('en-US')} pending items in ${seed.sets.toLocaleString('en-US')} change sets on as many tasks (title, estimate, priority and checklist proposals, written by seedChangeSets in ${numberText(seed.transactions)} transactions in ${Math.round(seed.writeMs)} ms), on top of ${seed.alreadyPending} left by earlier sections.`,
      frames.length
        ? `Longest animation frames with blocking time (+ms from touchstart): ${describeFrames(frames)}.`
        : 'No animation frame with blocking time during the swipes.',
      `The two live queries were timed ${data.queries.listMs.length} times each (after 3 warm-ups) on a quiet page after the seed (${data.queries.pending.toLocaleString('en-US')} pending): the inbox reads one window of the pending index (readInboxWindow) and the badge one maintained tally row (countPendingItems); both re-run after every write to the proposal tables. The first-row figure is one navigation, not repeated.`,
    ],
    // Only the swipe's own events: each swipe also fires a dozen pointerleave/pointerenter.
    raw: {
      ...data,
      figures,
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

/* Section 8b: issue 11's two figures, "review where the eye goes". */

function wakeTapPart(data) {
  const { samples } = data;
  const firstRow = timingRow(
    'Wake agent tap (touchend) → first proposal row in the DOM (task page, demo agent)',
    samples.map((sample) => sample.firstRowAt - sample.touchEndAt),
  );
  const inView = samples.filter((sample) => sample.row?.inView).length;
  const cameIntoView = samples.filter((sample) => sample.inViewAt !== null).length;
  return {
    rows: [
      { ...firstRow, target: 'none set', meetsTarget: null },
      {
        figure: '  its Confirm button in view (inside the viewport, uncovered) when it appeared',
        unit: '',
        median: `${inView} of ${samples.length}`,
        target: 'every time (issue 11, item 1)',
        meetsTarget: inView === samples.length,
      },
    ],
    notes: [
      `${samples.length} taps after 1 warm-up on /tasks/${data.taskId} (the sample login bug; demo agent, its category allowed), 820×1180 portrait. Each round puts the task back and removes its proposals, scrolls to the top and then just far enough to show Wake agent (scrollIntoViewIfNeeded), and taps its centre with CDP touchStart/touchEnd 60 ms apart; the wake runs in the worker as the button starts it. The demo model paces its answer over ~350 ms per turn, so most of the figure is that wait; the proposals appear at the end of turn 1.`,
      `Per tap: first row +${msList(samples.map((sample) => sample.firstRowAt - sample.touchEndAt))} ms after touchend; its Confirm button at y = ${samples.map((sample) => (sample.row ? `${sample.row.top}..${sample.row.bottom}${sample.row.coveredBy ? ` (under ${sample.row.coveredBy})` : ''}` : '?')).join(', ')} in a ${samples[0]?.row?.viewportHeight ?? '?'} px viewport, page scrolled ${samples.map((sample) => sample.row?.scrollY ?? '?').join(', ')} px. In view: the button's box inside the viewport and document.elementFromPoint at its centre inside it. It came into view later, without scrolling, in ${cameIntoView - inView} more.`,
    ],
    raw: data,
  };
}

function settlePart(data) {
  const figures = swipeFigures(data.confirms);
  const settled = timingRow(
    `Swipe at ${data.seed.totalPending.toLocaleString('en-US')} pending: touchend → the next row settled in place`,
    every(figures, 'settledMs', 'the next row settled'),
  );
  // Issue 11 judges the collapse plus a frame; the commit before it is section 8's figure.
  const afterCommit = timingRow(
    '  from the row marked leaving (decision committed) → the next row settled',
    figures
      .filter((figure) => figure.settledMs !== null && figure.leavingMs !== null)
      .map((figure) => figure.settledMs - figure.leavingMs),
  );
  const jumps = figures.map((figure) => figure.settle.largestJumpPx ?? 0);
  return {
    rows: [
      settled,
      {
        ...afterCommit,
        target: `≤ ${SETTLE_TARGET_MS} ms`,
        meetsTarget: afterCommit.median <= SETTLE_TARGET_MS,
      },
      {
        ...timingRow('  the next row’s largest move in one frame', jumps),
        unit: 'px',
        versus: `moved ${msList(figures.map((figure) => figure.settle.movedPx))} px in all`,
      },
    ],
    notes: [
      `The swipes of section 8 (${figures.length}, the first row of /review each). Settled: the first frame after touchend from which the swiped row is gone from the DOM and the next row's Confirm button (getBoundingClientRect, read in requestAnimationFrame on every frame until ${data.settleMs} ms after the row left) never moves again; stable for ${msList(figures.map((figure) => figure.settle.stableForMs))} ms after it. The target (issue 11) is the ${COLLAPSE_MS} ms collapse plus about one frame, judged from the moment the row is marked leaving; the commit before it is section 8's figure (≤ 50 ms).`,
      `Per swipe (ms): settled ${msList(figures.map((figure) => figure.settledMs ?? NaN))}; largest one-frame move ${msList(jumps)} px.`,
    ],
    raw: { figures },
  };
}

export function reviewSurfaceSection(wakeTap, swipe) {
  return sectionOfParts(
    'review-surface',
    '8b. Review where the eye goes (issue 11): the first proposal after a tap, the next row after a swipe',
    {
      'Wake agent tap': part(wakeTap, wakeTapPart),
      'next row settled': part(swipe, settlePart),
    },
  );
}

/* Section 10: the curve (issue 9, item 5): the sensitive figures at 1× and at the second size. */

/**
 * One figure on the curve: the large run's median (and p95), the 1× median in the floor
 * column, their ratio, and the target, judged on the large run (`check`).
 */
function curveRow(figure, oneX, large, { target = 'none set', check, unit = 'ms' } = {}) {
  const small = summarize(oneX);
  const big = summarize(large);
  const ratio = big.median / small.median;
  return {
    figure,
    unit,
    median: round(big.median),
    p95: round(big.p95),
    samples: big.count,
    floor: round(small.median),
    ratio: round(ratio),
    target,
    meetsTarget: check ? check({ value: big.median, ratio }) : null,
  };
}

/** A curve row, or nothing when either size lacks the measurement (named in `missing`). */
function curveRows(missing, name, build) {
  try {
    return build();
  } catch (error) {
    missing.push(`${name}: ${error.message.split('\n')[0]}`);
    return [];
  }
}

const measuredValue = (measurement, what) => {
  if (!measurement || measurement.error) {
    throw new Error(
      `${what} not measured${measurement?.error ? ` (${measurement.error.message})` : ''}`,
    );
  }
  return measurement.value ?? measurement;
};

/**
 * `one` and `large` are the two runs' measurements: `renders` (measureRenderRounds, with
 * appStart and taskList) and `swipe` (an attempt of measureSwipeConfirm).
 */
export function curveSection({ scale, one, large }) {
  const missing = [];
  const label = `${scale}×`;
  const rows = [];
  const renders = (run, kind) => {
    const result = run.renders?.[kind];
    if (!result || result.error) throw new Error(result?.error?.message ?? `${kind} not measured`);
    return result.samples.map((sample) => sample.detectedAt);
  };
  rows.push(
    ...curveRows(missing, 'task list', () => {
      const listOne = renders(one, 'taskList');
      const listLarge = renders(large, 'taskList');
      // Each round navigates to the floor and then to the list in the same browser: the
      // difference within a round is the list's own cost, with that moment's load in both.
      const aboveFloor = (run, list) => {
        const floor = renders(run, 'appStart');
        if (floor.length !== list.length) throw new Error('floor and list rounds differ');
        return list.map((value, index) => value - floor[index]);
      };
      const paired = curveRow(
        '  the same minus the floor of its round (the list’s own part)',
        aboveFloor(one, listOne),
        aboveFloor(large, listLarge),
      );
      return [
        curveRow('Task list: first task row in the DOM (fresh page at /)', listOne, listLarge, {
          target: '≤ 1.2× the 1× figure',
          check: ({ ratio }) => ratio <= 1.2,
        }),
        // A ratio of two small differences means nothing once either is near zero.
        paired.floor > 0 && paired.median > 0
          ? paired
          : { ...paired, ratio: undefined, versus: 'too small to compare' },
        curveRow(
          '  Floor: app started, quiet route rendered',
          renders(one, 'appStart'),
          renders(large, 'appStart'),
        ),
      ];
    }),
  );
  rows.push(
    ...curveRows(missing, 'review', () => {
      const swipeOne = measuredValue(one.swipe, 'the 1× swipe');
      const swipeLarge = measuredValue(large.swipe, `the ${label} swipe`);
      const [small, big] = [swipeFigures(swipeOne.confirms), swipeFigures(swipeLarge.confirms)];
      const pending = swipeLarge.seed.totalPending.toLocaleString('en-US');
      const series = (figures, key) => every(figures, key, key);
      return [
        curveRow(
          `touchend → decision committed and the row marked leaving (${pending} pending)`,
          series(small, 'leavingMs'),
          series(big, 'leavingMs'),
          {
            target: `≤ 1.2× the 1× figure and ≤ ${LEAVING_TARGET_MS} ms`,
            check: ({ value, ratio }) => ratio <= 1.2 && value <= LEAVING_TARGET_MS,
          },
        ),
        curveRow(
          '  of which touchend → the decision’s transaction committed',
          series(small, 'committedMs'),
          series(big, 'committedMs'),
        ),
        curveRow(
          `Navigation badge: countPendingItems at ${pending} pending`,
          swipeOne.queries.countMs,
          swipeLarge.queries.countMs,
          { target: '≤ 2 ms', check: ({ value }) => value <= 2 },
        ),
        curveRow(
          'Inbox window: readInboxWindow, first 20 rows',
          swipeOne.queries.listMs,
          swipeLarge.queries.listMs,
        ),
        curveRow(
          `Swipe-confirm: longest touch/pointer event (Event Timing) at ${pending} pending`,
          small.map((figure) => figure.longest.duration),
          big.map((figure) => figure.longest.duration),
          { target: '≤ 50 ms', check: ({ value }) => value <= 50 },
        ),
        curveRow(
          'touchend → the next row settled in place',
          series(small, 'settledMs'),
          series(big, 'settledMs'),
        ),
        curveRow(
          'Review inbox: first row in the DOM after navigation (one each)',
          [swipeOne.firstRowAt],
          [swipeLarge.firstRowAt],
        ),
      ];
    }),
  );
  if (rows.length === 0) throw new Error(missing.join('; '));
  const seedLarge = large.seed;
  const swipeLarge = large.swipe?.value;
  const largeFigures = swipeLarge ? swipeFigures(swipeLarge.confirms) : [];
  const step = (key) => median(largeFigures.map((figure) => figure[key] ?? NaN));
  const largeFrames = (swipeLarge?.confirms ?? []).flatMap((swipe) =>
    swipe.longFrames.map((frame) => ({ ...frame, at: frame.startTime - swipe.touchStartAt })),
  );
  return {
    id: 'curve',
    title: `10. The curve: the sensitive figures at 1× and ${label} (issue 9, item 5)`,
    status: missing.length === 0 ? 'measured' : 'partly measured',
    ...(missing.length > 0 ? { reason: missing.join('; ') } : {}),
    columnTitles: {
      median: `${label} median`,
      p95: `${label} p95`,
      floor: '1× median',
      versus: `${label} ÷ 1×`,
    },
    rows,
    notes: [
      `Both sizes in this run, each in its own browser profile seeded once (1×: the one of the sections above; ${label}: ${seedLarge ? `${numberText(seedLarge.counts.tasks)} tasks, ${numberText(seedLarge.counts.entries)} entries, ${numberText(seedLarge.counts.checklistItems)} checklist items, seeded in ${Math.round(seedLarge.wallClockMs / 1000)} s` : 'not seeded'}). Both browsers stay open and the curve measures them in turns, alternating which goes first: ${one.renders?.taskList?.samples?.length ?? 0} rounds of fresh-page navigations (the floor, then the task list; after a warm-up round), then ${one.swipe?.value?.confirms?.length ?? 0} swipes on each inbox as in section 8b (after topping its pending items up to ${numberText(5_000)} and ${swipeLarge ? numberText(swipeLarge.seed.totalPending) : '?'}). So the 1× figures here are measured again, beside the ${label} ones, and can differ from sections 2 and 8.`,
      'Targets are judged on the second size’s median; the ratio is median ÷ median. Figures whose work does not grow with the journal (a swipe, one confirm, the first rows of the list or the inbox) should stay flat; only the rows with a target are judged.',
      ...(swipeLarge
        ? [
            `At ${label} (medians, ms after touchend): ${readsBeforeDecision(largeFigures, step)}, the decision's readwrite transaction opened ${round(step('openedMs'), 1)} and committed ${round(step('committedMs'), 1)}, the row was marked leaving ${round(step('leavingMs'), 1)} and gone ${round(step('goneMs'), 1)}; the next row settled ${round(step('settledMs'), 1)}. Long tasks per swipe: ${swipeLarge.confirms.map((swipe) => swipe.longTasks.length).join(', ')}.`,
            largeFrames.length
              ? `At ${label}, the longest animation frames with blocking time during the swipes (+ms from touchstart): ${describeFrames(largeFrames)}.`
              : `At ${label}, no animation frame with blocking time during the swipes.`,
          ]
        : []),
      'Taking turns spreads load from elsewhere on the machine over both sizes; still, read a ratio near its target as a reason to run again, not as a verdict.',
    ],
    raw: {
      scale,
      one: {
        renders: one.renders,
        swipe: one.swipe?.value
          ? {
              ...one.swipe.value,
              confirms: one.swipe.value.confirms.map(swipeEventsOnly),
              springBacks: one.swipe.value.springBacks.map(swipeEventsOnly),
            }
          : { error: one.swipe?.error?.message },
      },
      large: {
        seed: seedLarge,
        renders: large.renders,
        swipe: swipeLarge
          ? {
              ...swipeLarge,
              figures: largeFigures,
              confirms: swipeLarge.confirms.map(swipeEventsOnly),
              springBacks: swipeLarge.springBacks.map(swipeEventsOnly),
            }
          : { error: large.swipe?.error?.message },
      },
    },
  };
}

/* Section 11: import of a large file, and its undo (issue 12, item 2). */

function importRow(figure, log) {
  const longest = Math.max(0, ...log.longTasks);
  return [
    { figure, unit: 'ms', median: round(log.wallMs) },
    {
      figure: '  longest main-thread task meanwhile',
      unit: 'ms',
      median: round(longest),
      target: '≤ 200 ms',
      meetsTarget: longest <= 200,
      versus: `${log.longTasks.length} tasks over 50 ms`,
    },
  ];
}

function describeImportFrames(log) {
  return (log.longestFrames ?? [])
    .map((frame) => `${frame.duration} ms (${frame.scripts.join('; ') || 'no script attributed'})`)
    .join(', ');
}

export function importSection({ rows, fileBytes, imported, undone }) {
  return {
    id: 'import',
    title: `11. Import of ${numberText(rows)} rows, and Undo import`,
    status: 'measured',
    rows: [
      ...importRow(
        `Import journal: ${numberText(rows)} rows, file chosen → outcome shown`,
        imported,
      ),
      ...importRow('Undo import of it: tap → outcome shown', undone),
    ],
    notes: [
      `A ${(fileBytes / 1e6).toFixed(1)} MB export (a tenth tasks, two fifths checklist items, half entries, all new) handed to the real file input in Settings, in a fresh profile. The file is checked row by row in time slices, then written in parts of 100 rows, each its own operation (ledger pre-images, outbox row), the page given back between parts.`,
      `Progress shown: ${imported.progressLines.map((line) => `"${line}"`).join(', ')}.`,
      `Outcome: ${imported.outcome} / ${undone.outcome}`,
      `Longest frames of the import: ${describeImportFrames(imported)}; of the undo: ${describeImportFrames(undone)}.`,
    ],
    raw: { rows, fileBytes, imported, undone },
  };
}

/* Section 12: export of the whole journal at 1× and the curve's large size (issue 24, item 7). */

export function exportSection(scale, one, large) {
  return {
    id: 'export',
    title: `12. Export journal at 1× and ${scale}×`,
    status: 'measured',
    rows: [
      ...importRow(
        `Export journal at 1× (${(one.fileBytes / 1e6).toFixed(1)} MB): tap → outcome shown`,
        one.log,
      ),
      ...importRow(
        `Export journal at ${scale}× (${(large.fileBytes / 1e6).toFixed(1)} MB): tap → outcome shown`,
        large.log,
      ),
    ],
    notes: [
      'The export is written in a worker, 2,000 rows a page inside one read transaction, folded into a Blob every few megabytes (src/transfer/export-worker.ts); the page only shows progress and hands the Blob to the download.',
      `Progress shown at ${scale}×: ${large.log.progressLines.map((line) => `"${line}"`).join(', ')}.`,
      `Longest frames at ${scale}×: ${describeImportFrames(large.log)}.`,
    ],
    raw: { scale, one, large },
  };
}

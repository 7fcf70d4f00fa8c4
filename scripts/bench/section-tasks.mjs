// Sections 2 to 4: the task list and the task page rendered, and one task edit.
import { round, summarize } from './stats.mjs';
import { numberText, timingRow } from './section-rows.mjs';

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

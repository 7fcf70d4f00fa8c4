// Section 7: a wake: its overhead, its long tasks, a hostile wake's audit, the context curve.
import { round } from './stats.mjs';
import {
  badgeNote,
  countRow,
  describeCurveSize,
  describeFrames,
  describeRequests,
  describeTransactionLog,
  median,
  msList,
  part,
  sectionOfParts,
  timingRow,
  transactionTotal,
} from './section-rows.mjs';

const WAKE_TRANSACTION_TARGET = 12;
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

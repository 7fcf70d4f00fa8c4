// Section 8: review: Confirm all and the swipe.
import { round, summarize } from './stats.mjs';
import {
  badgeNote,
  countRow,
  describeFrames,
  describeRequests,
  describeTransactionLog,
  median,
  msList,
  numberText,
  part,
  sectionOfParts,
  timingRow,
} from './section-rows.mjs';

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

/** The collapse a decided inbox row holds its place for (COLLAPSE_MS in features/review/row/use-row-lifecycle.ts). */
export const COLLAPSE_MS = 200;

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
export function swipeFigures(confirms) {
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
export function readsBeforeDecision(figures, step) {
  const reads = [...new Set(figures.flatMap((figure) => figure.readsBefore))];
  if (reads.length === 0) return "nothing was read before the decision's transaction";
  return `a read before the decision's transaction opened ${round(step('firstReadMs'), 1)} and ended ${round(step('firstReadEndedMs'), 1)} (${reads.join(', ')})`;
}

/** The values of `key` across swipes; throws (naming the figure) when any swipe lacks it. */
export function every(figures, key, what) {
  const values = figures.map((figure) => figure[key]);
  if (values.some((value) => value === null || value === undefined)) {
    throw new Error(
      `${what}: not recorded on ${values.filter((value) => value == null).length} of ${values.length} swipes`,
    );
  }
  return values;
}

export const LEAVING_TARGET_MS = 50;
export const SETTLE_TARGET_MS = 250;

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
      `Marked leaving: a MutationObserver (installed before the app) sees the row wrapped in .review-row-place--leaving, which the inbox does once confirm() has resolved, so after the decision's transaction committed. The page's IndexedDB transactions are logged through Dexie's DBCore (bench/page/timing.ts watchTransactions); the decision's is the first readwrite one after touchend that wrote the decisions table.`,
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

export function swipeEventsOnly(swipe) {
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

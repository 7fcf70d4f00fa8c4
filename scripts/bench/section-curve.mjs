// Section 10: the curve: the sensitive figures at 1× and at the second size.
import { round, summarize } from './stats.mjs';
import { describeFrames, median, numberText } from './section-rows.mjs';
import {
  LEAVING_TARGET_MS,
  every,
  readsBeforeDecision,
  swipeEventsOnly,
  swipeFigures,
} from './section-review.mjs';

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
    title: `10. The curve: the sensitive figures at 1× and ${label}`,
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

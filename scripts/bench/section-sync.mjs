// Section 9: sync between two devices (scripts/bench/measure-sync.mjs).
import { round, summarize } from './stats.mjs';
import { numberText, timingRow } from './section-rows.mjs';

const timesOver = (value, floor) => (value / floor).toFixed(1);

function faultRows(faults) {
  const duplicates = faults.duplicatesOnServer + faults.duplicatesApplied + faults.appliedTwice;
  const losses = faults.lossesOnServer + faults.lossesApplied;
  return [
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
  ];
}

export function syncSection({ latency, catchUp, faults }) {
  const longest = Math.max(0, ...catchUp.longTasks);
  const { floors } = catchUp;
  const rate = catchUp.count / (catchUp.catchUpMs / 1000);
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
        floor: floors ? round(floors.everyMs) : undefined,
        versus: floors
          ? `${timesOver(catchUp.catchUpMs, floors.everyMs)}× every row it writes`
          : undefined,
        target: '≤ 2× that floor',
        meetsTarget: floors ? catchUp.catchUpMs <= 2 * floors.everyMs : undefined,
      },
      {
        figure: '  the same, the journal rows alone as the floor',
        unit: 'ms',
        median: round(catchUp.catchUpMs),
        floor: floors ? round(floors.journalMs) : undefined,
        versus: floors
          ? `${timesOver(catchUp.catchUpMs, floors.journalMs)}× the journal rows`
          : undefined,
      },
      {
        figure: '  absolute, and the rate',
        unit: 'ms',
        median: round(catchUp.catchUpMs),
        versus: `${numberText(Math.round(rate))} operations/s`,
        target: '≤ 20,000 ms (≥ 500/s)',
        meetsTarget: catchUp.catchUpMs <= 20_000,
      },
      {
        figure: '  longest main-thread task on B meanwhile',
        unit: 'ms',
        median: round(longest),
        target: '≤ 100 ms',
        meetsTarget: longest <= 100,
        versus: `${catchUp.longTasks.length} tasks over 50 ms`,
      },
      ...(faults.error ? [] : faultRows(faults)),
    ],
    notes: [
      'Two Chromium profiles (two devices, each its own IndexedDB) connected through Settings → Sync; A edits the sample task’s title on its task page, B has the same page open. The first 5 changes are warm-up.',
      `Catch-up: a scripted third device published ${numberText(catchUp.count)} journal operations (new entries) in ${numberText(Math.round(catchUp.publishMs))} ms while B was offline (context.setOffline); timed from back online until B’s stored cursor reached the last one. Floors: the rows it wrote (${
        floors
          ? Object.entries(floors.counts)
              .map(([table, n]) => `${table} ${numberText(n)}`)
              .join(', ')
          : 'not read'
      }) again under fresh keys, one bulkPut per table in one transaction; and the journal rows alone.`,
      `Frames over 100 ms on B during catch-up, and the script that ran longest in each (long-animation-frame; a frame's time beyond its script is rendering, the GC, or the page waiting for a core): ${
        catchUp.longFrames?.length
          ? catchUp.longFrames
              .map((frame) => `${frame.duration} ms (blocking ${frame.blocking}): ${frame.ran}`)
              .join('; ')
          : 'none'
      }.`,
      faults.error
        ? `Faults: not measured in this run (${String(faults.error.message ?? faults.error).split('\n')[0]}); run test/sync/exactly-once-faults.test.ts alone.`
        : `Faults (test/sync/exactly-once-faults.test.ts, the app's runtime over fake-indexeddb): 3-node cluster, stream replicas 3; ${faults.timeouts} timeout bursts (replies held), ${faults.resets} answer-lost bursts (connection reset), the stream leader killed at operation ${faults.leaderKilledAt}; ${faults.askedThePerson} push(es) needed the person's "it did not happen"; ${faults.seconds} s. Counted per operation on the server and on the receiving device.`,
    ],
    raw: { latency, catchUp, faults },
  };
}

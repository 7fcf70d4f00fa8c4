// Sections 9b and 9c (docs/decisions/0010): what encryption costs sync, and seal + open
// per message. Figures only: a missed target is printed, never asserted.
import { timingRow } from './sections.mjs';
import { round, summarize } from './stats.mjs';

const numberText = (value) => value.toLocaleString('en-US');

function latencyRows(label, plain, sealed) {
  const [without, withKey] = [summarize(plain), summarize(sealed)];
  const medianRatio = withKey.median / without.median;
  const p95Ratio = withKey.p95 / without.p95;
  return [
    timingRow(`${label}, encrypted`, sealed, {
      floor: round(without.median),
      ratio: round(medianRatio),
      target: '≤ 1.1× (median)',
      meetsTarget: medianRatio <= 1.1,
    }),
    {
      figure: '  p95 encrypted ÷ p95 plain',
      unit: '',
      median: `${round(p95Ratio)}×`,
      target: '≤ 1.1× (p95)',
      meetsTarget: p95Ratio <= 1.1,
    },
    timingRow(`${label}, plain (the floor)`, plain),
  ];
}

/** Section 9b: scripts/bench/measure-private-sync.mjs. */
export function privateSyncSection({ changes, blocks, latency, catchUp, quarantined }) {
  const { plain, sealed } = catchUp;
  const catchUpRatio = sealed.catchUpMs / plain.catchUpMs;
  const rate = (run) =>
    `${numberText(Math.round(run.count / (run.catchUpMs / 1000)))} operations/s`;
  const longest = (run) => Math.max(0, ...run.longTasks);
  return {
    id: 'private-sync',
    title: '9b. Sync with encryption ÷ without (same devices, same server, same run)',
    status: 'measured',
    rows: [
      ...latencyRows('A→B: title typed on A until B shows it', latency.plain, latency.sealed),
      {
        figure: `Catch-up of ${numberText(sealed.count)} sealed operations after B was offline`,
        unit: 'ms',
        median: round(sealed.catchUpMs),
        floor: round(plain.catchUpMs),
        ratio: round(catchUpRatio),
        target: '≤ 1.2×',
        meetsTarget: catchUpRatio <= 1.2,
      },
      {
        figure: `  the same ${numberText(plain.count)} operations plain (the floor)`,
        unit: 'ms',
        median: round(plain.catchUpMs),
        versus: rate(plain),
      },
      {
        figure: '  sealed: operations a second',
        unit: '',
        median: rate(sealed),
      },
      {
        figure: '  longest main-thread task on B, sealed (plain)',
        unit: 'ms',
        median: round(longest(sealed)),
        versus: `${round(longest(plain))} ms plain`,
      },
    ],
    notes: [
      `Latency: ${changes} changes each way, in ${blocks} blocks per mode alternating which goes first, each block after 2 warm-up changes; encrypted means both devices hold the journal key (the same secret in each device's key store, as pairing leaves it), so every operation is sealed on A under a keyed subject token and opened on B. The target is judged on the median; the p95 ratio is shown beside it.`,
      `Catch-up: A's browser closed; a scripted device published ${numberText(plain.count)} new entries plain while B was offline (${numberText(Math.round(plain.publishMs))} ms), then ${numberText(sealed.count)} sealed with the app's seal (${numberText(Math.round(sealed.publishMs))} ms); each timed from B back online until its stored cursor reached the last. One catch-up each (not repeated): read a ratio near its target as a reason to run again.`,
      `Quarantined on A and B after the latency blocks: ${quarantined.afterLatency.join(', ')}; on B after the catch-ups: ${quarantined.afterCatchUp} (0 means every message opened).`,
    ],
    raw: { latency, catchUp },
  };
}

/** Section 9c: seal + open per message (scripts/bench/measure-seal.mjs), in Node. */
export function sealSection(results) {
  const fixed = (value) => round(value / 1000, 3);
  return {
    id: 'seal',
    title: '9c. Seal + open per message (Node’s Web Crypto, the app’s modules)',
    status: 'measured',
    rows: results.flatMap((result) => [
      {
        figure: `Seal ${result.name} (${numberText(result.plainBytes)} bytes, ${numberText(result.sealedBytes)} sealed)`,
        unit: 'ms',
        median: fixed(result.sealUs),
      },
      {
        figure: '  open and parse it',
        unit: 'ms',
        median: fixed(result.openAndParseUs),
      },
      {
        figure: '  seal + open: messages a second',
        unit: '',
        median: numberText(result.messagesPerSecond),
      },
    ]),
    notes: [
      `Medians of 5 rounds of ${results.map((result) => numberText(result.count)).join(' and ')} messages, one at a time, after a warm-up round; open includes parsing the envelope with its zod schema, as receiving does. Node's Web Crypto is the API the page uses; a browser's implementation differs.`,
    ],
    raw: results,
  };
}

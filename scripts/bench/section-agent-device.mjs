// Section 13 (docs/decisions/0014): the agent device with a model that answers at once.
// Figures only: nothing here is a target the run fails on.
import { numberText, timingRow } from './section-rows.mjs';
import { kbPerWake, slopeSpan } from './memory-slope.mjs';
import { round, summarize } from './stats.mjs';

export function agentDeviceSection(measured) {
  const { latency, wakeMs, capacity, memory, rssAtStart, sameTask, failed, journalRows } = measured;
  const { perMinute: defaultPerMinute } = measured.defaultThrottle;
  const [first, last] = [memory[0], memory.at(-1)];
  const [alone100, aloneLast] = [measured.wakeHeap[0], measured.wakeHeap.at(-1)];
  const span = slopeSpan(last.wakes);
  const slope = (samples, field) => round(kbPerWake(samples, field, span), 2);
  const spanned = memory.filter((sample) => sample.wakes >= last.wakes - span);
  const band = (field) =>
    `${round(Math.min(...spanned.map((each) => each[field])), 1)}–${round(Math.max(...spanned.map((each) => each[field])), 1)} MB`;
  const node = summarize(sameTask.node);
  const worker = summarize(sameTask.worker);
  return {
    id: 'agent-device',
    title: '13. The agent device (instant model, nats-server on loopback)',
    status: 'measured',
    rows: [
      timingRow('Entry added on the laptop → the change set on the tablet', latency),
      timingRow('  of which the wake on the agent device', wakeMs),
      {
        figure: `Wakes a minute it sustains (backlog of ${capacity.wakes} tasks)`,
        unit: '',
        median: round(capacity.perMinute, 0),
        versus: `default throttle queues above ${defaultPerMinute}`,
      },
      timingRow('  one wake in the backlog', capacity.wakeMs),
      {
        figure: `Memory after ${numberText(first.wakes)} wakes (RSS, heap after a collection)`,
        unit: 'MB',
        median: `${round(first.rssMb, 0)}, ${round(first.heapMb, 1)}`,
        versus: `${round(rssAtStart, 0)} MB RSS at start`,
      },
      {
        figure: `Memory after ${numberText(last.wakes)} wakes (RSS, heap after a collection)`,
        unit: 'MB',
        median: `${round(last.rssMb, 0)}, ${round(last.heapMb, 1)}`,
      },
      {
        figure: `  a wake, over the last ${numberText(span)} wakes (slope): heap, RSS`,
        unit: 'kB a wake',
        median: `${slope(memory, 'heapMb')}, ${slope(memory, 'rssMb')}`,
        versus: `flat: about 0 (heap ${band('heapMb')}, RSS ${band('rssMb')} over them)`,
      },
      {
        figure: `The wake alone in Node: heap after ${numberText(alone100.wakes)} and ${numberText(aloneLast.wakes)} wakes`,
        unit: 'MB',
        median: `${round(alone100.heapMb, 1)}, ${round(aloneLast.heapMb, 1)}`,
        versus: `${slope(measured.wakeHeap, 'heapMb')} kB a wake over the last ${numberText(span)}`,
      },
      timingRow('One wake of the sample login bug in Node', sameTask.node),
      timingRow('  the same wake in the browser’s worker', sameTask.worker),
      {
        figure: '  Node ÷ worker (medians)',
        unit: '',
        median: `${round(node.median / worker.median)}×`,
      },
    ],
    notes: [
      `The model is the e2e suite's scripted OpenAI-compatible server on loopback, answering at once (turn 1 proposes a priority, turn 2 writes the report). The agent device runs as deployed (node scripts/agent-device.mjs, its own process) with --settle 0 (the app's default adds 4 s to every edit → change set figure) and its throttle off (--task-wake-every 0); the laptop and the tablet are the app's sync runtime over fake-indexeddb in the bench's process. Latency: ${latency.length} samples, one fresh task each, from the entry's dispatch on the laptop until the tablet's store holds the change set (what its Review badge counts).`,
      `Wakes a minute: one entry on each of ${capacity.wakes} tasks written at once; from the first wake's start to the last wake's end (${numberText(Math.round(capacity.spanMs))} ms; its log lines' times). Wakes run one at a time, each claiming its task on the server first.`,
      `Memory: the agent device's process after each round of wakes from ${numberText(first.wakes)} to ${numberText(last.wakes)} (${memory.length} samples; rounds over the same ${numberText(journalRows.tasks)} tasks, each woken by a new title, so the journal keeps its size); heap and RSS as its process reports them after a full collection there (node --expose-gc with scripts/bench/memory-probe.mjs, asked over IPC). The slope is the least-squares kB a wake over the last ${numberText(span)} wakes. Its journal is in memory by design (decision 0014); of the rows only it keeps, it holds a window (local-rows.ts). By the end the laptop, which holds what it synced, had ${Object.entries(
        journalRows,
      )
        .filter(([, rows]) => rows > 0)
        .map(([table, rows]) => `${table} ${numberText(rows)}`)
        .join(', ')}. Wakes that did not end done: ${failed}.`,
      `The wake alone: wakeWithDeviceSettings ${numberText(aloneLast.wakes)} times on the sample login bug in the bench's process over fake-indexeddb, each followed by the device's trim of its local rows, heap after a forced collection every 50 wakes (by the end ${numberText(aloneLast.wakeRows)} wake rows and ${numberText(aloneLast.auditRows)} audit rows; before the window, each wake kept about 14.5 kB here).`,
      `Same task: ${sameTask.node.length} wakes each after 2 warm-ups, interleaved: Node's wakeWithDeviceSettings over fake-indexeddb against the page's wake in its worker (a fresh Chromium profile, the bench build, timed in the page from the request until the outcome), both with the scripted server as an openai-compatible provider and the sample journal's login bug; its change sets removed before each wake.`,
    ],
    raw: measured,
  };
}

// Section 6: the dispatcher's overhead against a direct Dexie write.
import { round, summarize } from './stats.mjs';
import { timingRow } from './section-rows.mjs';

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

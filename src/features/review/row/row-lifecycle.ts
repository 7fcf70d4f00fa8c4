/**
 * A review row's lifecycle, the same in the task's card and in the Review inbox:
 *
 *   resting → dragging ⇄ armed → deciding → leaving → gone
 *      ↑          │          │         │         │
 *      └──────────┴──────────┴─────────┴─────────┘  (released short, cancelled, the item
 *                                                     stays, or the list kept the row)
 *
 * A button, a key or Confirm with changes goes from resting to deciding at once. Dragging
 * and armed are the finger's (use-swipe-to-decide.ts, which takes the row through
 * `nextPhase` from the first move to its release and the decision's verdict); from
 * deciding on, the list's
 * (use-row-lifecycle.ts), which holds what it shows while a row decides and leaves. A
 * rejected row is gone from deciding: its reason prompt takes its place, nothing collapses.
 */
import type { ReviewResult } from '../../../confirmation/review-result';
import { leavesTheList } from '../actions/review-actions-state';

export type RowPhase = 'resting' | 'dragging' | 'armed' | 'deciding' | 'leaving' | 'gone';

/** The phases the list keeps for a row; the others are the row's own. */
export type ListPhase = Extract<RowPhase, 'deciding' | 'leaving'>;

export type RowEvent =
  | 'drag'
  | 'arm'
  | 'disarm'
  | 'release'
  | 'cancel'
  | 'decide'
  | 'stays'
  | 'leaves'
  | 'replaced'
  | 'letGo'
  | 'cameBack';

const NEXT: Record<RowPhase, Partial<Record<RowEvent, RowPhase>>> = {
  resting: { drag: 'dragging', decide: 'deciding' },
  dragging: { arm: 'armed', release: 'resting', cancel: 'resting' },
  armed: { disarm: 'dragging', release: 'deciding', cancel: 'resting' },
  deciding: { stays: 'resting', leaves: 'leaving', replaced: 'gone' },
  leaving: { letGo: 'gone', cameBack: 'resting' },
  gone: {},
};

/** Where `event` takes a row in `phase`; an event that does not apply leaves it there. */
export function nextPhase(phase: RowPhase, event: RowEvent): RowPhase {
  return NEXT[phase][event] ?? phase;
}

/** What a decision's result does to its row: it stays, leaves, or its prompt replaces it. */
export function verdictOf(
  result: ReviewResult,
): Extract<RowEvent, 'stays' | 'leaves' | 'replaced'> {
  if (!leavesTheList(result)) return 'stays';
  return result.status === 'rejected' ? 'replaced' : 'leaves';
}

/** The phase a row shows: the list's while it decides and leaves, else the swipe's. */
export function shownPhase(listPhase: ListPhase | undefined, swipePhase: RowPhase): RowPhase {
  return listPhase ?? swipePhase;
}

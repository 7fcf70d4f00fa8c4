/**
 * What a list's review actions show, as one state changed only by named events: a decision
 * started or finished, a confirmation applied, a rejection prompted, a bulk confirm started
 * or finished, an undo requested or finished, a rule offer earned, and the person's
 * dismissals. Pure: `useReviewActions` runs the services and sends these; the tests drive
 * it without React.
 */
import type { PendingReviewItem } from '../../../db/queries/review-proposals';
import type {
  ConfirmAllResult,
  ReviewResult,
  ReviewStatus,
} from '../../../confirmation/review-result';
import type { RuleOffer } from '../../../confirmation/rule-offers';
import type { ConfirmBurst } from './confirm-burst';

/** A rejection whose optional reason is still being asked for, in place of its row. */
export interface RecentRejection {
  entry: PendingReviewItem;
  decisionId: string;
  /** Where its row stood in the inbox: the prompt keeps that place. */
  index?: number;
  /** The row's height: the prompt takes it, so nothing below moves. */
  height?: number;
}

/** What the last action here did, in words, and what Undo would take back. */
export interface LastAction {
  message: string;
  tone: 'success' | 'warning' | 'error' | 'info';
  decisionIds?: string[];
}

export interface BulkState {
  /** While Confirm all runs: how many items it applies (in one transaction). */
  progress?: { total: number };
}

export interface ReviewActionsState {
  /** Rows whose decision runs: their buttons are disabled. */
  busy: ReadonlySet<string>;
  /** The service's message for a row that stays, by row key. */
  notices: ReadonlyMap<string, string>;
  /** Messages about rows that left the list (decided elsewhere, set aside): shown above it. */
  orphans: ReadonlyMap<string, string>;
  rejection?: RecentRejection;
  last?: LastAction;
  /** Confirm all in progress, by group. */
  bulk: ReadonlyMap<string, BulkState>;
  /** A rule the last decision earned ("Stop proposing…", "Apply … without asking"). */
  offer?: RuleOffer;
  /** Decisions made here, newest last: what `u` undoes. */
  undoStack: readonly (readonly string[])[];
  /** The quick confirmations the status bar names together, until another action. */
  burst?: ConfirmBurst;
}

export type ReviewEvent =
  | { type: 'decisionStarted'; key: string }
  | { type: 'decisionFinished'; key: string; result: ReviewResult }
  | {
      type: 'confirmationApplied';
      message: string;
      decisionIds: string[];
      /** The burst this confirmation joined (none for a confirmation with changes). */
      burst: ConfirmBurst | undefined;
    }
  | { type: 'rejectionPrompted'; rejection: RecentRejection; message: string }
  | { type: 'bulkStarted'; groupKey: string; total: number }
  | { type: 'bulkFinished'; groupKey: string; result: ConfirmAllResult }
  | { type: 'undoRequested'; decisionIds: readonly string[] }
  | { type: 'undoFinished'; result: ReviewResult }
  | { type: 'nothingToUndo' }
  | { type: 'offerEarned'; offer: RuleOffer }
  | { type: 'offerDismissed' }
  | { type: 'rejectionDismissed' }
  | { type: 'noticeDismissed'; key: string }
  | { type: 'orphanDismissed'; key: string };

export const INITIAL_REVIEW_ACTIONS: ReviewActionsState = {
  busy: new Set(),
  notices: new Map(),
  orphans: new Map(),
  bulk: new Map(),
  undoStack: [],
};

/** After these the item is no longer pending, so its row leaves the list. */
const LEAVES_THE_LIST: ReadonlySet<ReviewStatus> = new Set([
  'applied',
  'rejected',
  'already-decided',
  'missing',
  'failed-permanently',
]);

/** Whether the result means the item is no longer waiting (so its row leaves the list). */
export function leavesTheList(result: ReviewResult): boolean {
  return LEAVES_THE_LIST.has(result.status);
}

function withKey<V>(map: ReadonlyMap<string, V>, key: string, value: V | undefined) {
  if (value === undefined && !map.has(key)) return map;
  const next = new Map(map);
  if (value === undefined) next.delete(key);
  else next.set(key, value);
  return next;
}

function withMember(set: ReadonlySet<string>, key: string, member: boolean) {
  if (set.has(key) === member) return set;
  const next = new Set(set);
  if (member) next.add(key);
  else next.delete(key);
  return next;
}

const pushed = (stack: ReviewActionsState['undoStack'], ids: readonly string[]) =>
  ids.length > 0 ? [...stack, ids] : stack;

function toneOf(result: ConfirmAllResult): LastAction['tone'] {
  if (result.failed.length > 0) return 'error';
  return result.stale.length > 0 || result.denied ? 'warning' : 'success';
}

export function reviewActionsReducer(
  state: ReviewActionsState,
  event: ReviewEvent,
): ReviewActionsState {
  switch (event.type) {
    case 'decisionStarted':
      // A new action closes the reason prompt of the previous rejection.
      return {
        ...state,
        rejection: undefined,
        notices: withKey(state.notices, event.key, undefined),
        busy: withMember(state.busy, event.key, true),
      };
    case 'decisionFinished': {
      const busy = withMember(state.busy, event.key, false);
      const { result } = event;
      if (result.status === 'applied' || result.status === 'rejected') return { ...state, busy };
      // Said in its row, or above the list once the row left.
      return leavesTheList(result)
        ? { ...state, busy, orphans: new Map(state.orphans).set(event.key, result.message) }
        : { ...state, busy, notices: withKey(state.notices, event.key, result.message) };
    }
    case 'confirmationApplied': {
      // The burst is one entry of the undo stack, so `u` takes back what the bar names.
      const joined = event.burst !== undefined && event.burst.decisionIds.length > 1;
      const stack = joined ? state.undoStack.slice(0, -1) : state.undoStack;
      return {
        ...state,
        burst: event.burst,
        undoStack: pushed(stack, event.decisionIds),
        last: {
          message: event.message,
          tone: 'success',
          ...(event.decisionIds.length > 0 ? { decisionIds: event.decisionIds } : {}),
        },
      };
    }
    case 'rejectionPrompted':
      return {
        ...state,
        burst: undefined,
        undoStack: pushed(state.undoStack, [event.rejection.decisionId]),
        rejection: event.rejection,
        last: { message: event.message, tone: 'info', decisionIds: [event.rejection.decisionId] },
      };
    case 'bulkStarted':
      return {
        ...state,
        rejection: undefined,
        bulk: withKey(state.bulk, event.groupKey, { progress: { total: event.total } }),
      };
    case 'bulkFinished': {
      const { result } = event;
      return {
        ...state,
        bulk: withKey(state.bulk, event.groupKey, undefined),
        burst: undefined,
        undoStack: pushed(state.undoStack, result.decisionIds),
        last: {
          message: result.message,
          tone: toneOf(result),
          ...(result.decisionIds.length > 0 ? { decisionIds: result.decisionIds } : {}),
        },
      };
    }
    case 'undoRequested': {
      const ids = event.decisionIds;
      return {
        ...state,
        burst: undefined,
        undoStack: state.undoStack.filter((entry) => !entry.some((id) => ids.includes(id))),
        // Undoing a rejection (`u`) closes its reason prompt, which stands in for the row.
        rejection:
          state.rejection && ids.includes(state.rejection.decisionId) ? undefined : state.rejection,
      };
    }
    case 'undoFinished':
      return {
        ...state,
        last: {
          message: event.result.message,
          tone: event.result.status === 'undone' ? 'info' : 'error',
        },
      };
    case 'nothingToUndo':
      return { ...state, last: { message: 'Nothing to undo here yet.', tone: 'info' } };
    case 'offerEarned':
      return { ...state, offer: event.offer };
    case 'offerDismissed':
      return { ...state, offer: undefined };
    case 'rejectionDismissed':
      return { ...state, rejection: undefined };
    case 'noticeDismissed':
      return { ...state, notices: withKey(state.notices, event.key, undefined) };
    case 'orphanDismissed':
      return { ...state, orphans: withKey(state.orphans, event.key, undefined) };
  }
}

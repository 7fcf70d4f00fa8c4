import { describe, expect, it } from 'vitest';
import type { PendingReviewItem } from '../../../db/queries/review-proposals';
import type { ConfirmAllResult } from '../../../confirmation/review-result';
import type { RuleOffer } from '../../../confirmation/rule-offers';
import {
  INITIAL_REVIEW_ACTIONS,
  leavesTheList,
  reviewActionsReducer,
  type ReviewActionsState,
  type ReviewEvent,
} from './review-actions-state';

const run = (...events: ReviewEvent[]): ReviewActionsState =>
  events.reduce(reviewActionsReducer, INITIAL_REVIEW_ACTIONS);

const entry = (key: string) =>
  ({ key, item: { humanSummary: `Summary ${key}` } }) as unknown as PendingReviewItem;

const bulkResult = (decisionIds: string[], extra: Partial<ConfirmAllResult> = {}) => ({
  applied: decisionIds,
  failed: [],
  stale: [],
  decisionIds,
  message: `Applied ${decisionIds.length}.`,
  ...extra,
});

describe('the review actions’ state', () => {
  it('marks a row busy from its decision’s start to its end', () => {
    const started = run({ type: 'decisionStarted', key: 'a' });
    expect(started.busy).toEqual(new Set(['a']));
    const finished = reviewActionsReducer(started, {
      type: 'decisionFinished',
      key: 'a',
      result: { status: 'applied', message: 'Applied.', decisionId: 'd1' },
    });
    expect(finished.busy.size).toBe(0);
    expect(finished.notices.size).toBe(0);
    expect(finished.orphans.size).toBe(0);
  });

  it('says a failure in the row that stays, and above the list when the row left', () => {
    const state = run(
      { type: 'decisionStarted', key: 'a' },
      { type: 'decisionFinished', key: 'a', result: { status: 'stale', message: 'Changed.' } },
      { type: 'decisionStarted', key: 'b' },
      {
        type: 'decisionFinished',
        key: 'b',
        result: { status: 'already-decided', message: 'Decided elsewhere.' },
      },
    );
    expect(state.notices).toEqual(new Map([['a', 'Changed.']]));
    expect(state.orphans).toEqual(new Map([['b', 'Decided elsewhere.']]));
    // Deciding the row again clears its notice.
    expect(reviewActionsReducer(state, { type: 'decisionStarted', key: 'a' }).notices.size).toBe(0);
  });

  it('keeps a burst of confirmations as one entry of the undo stack', () => {
    const first = run({
      type: 'confirmationApplied',
      message: 'Applied: a',
      decisionIds: ['d1'],
      burst: { summaries: ['a'], decisionIds: ['d1'], at: 1 },
    });
    const second = reviewActionsReducer(first, {
      type: 'confirmationApplied',
      message: 'Applied 2: a · b',
      decisionIds: ['d1', 'd2'],
      burst: { summaries: ['a', 'b'], decisionIds: ['d1', 'd2'], at: 2 },
    });
    expect(second.undoStack).toEqual([['d1', 'd2']]);
    expect(second.last).toEqual({
      message: 'Applied 2: a · b',
      tone: 'success',
      decisionIds: ['d1', 'd2'],
    });
    // A confirmation with changes is its own action, and ends the burst.
    const edited = reviewActionsReducer(second, {
      type: 'confirmationApplied',
      message: 'Confirmed with changes.',
      decisionIds: ['d3'],
      burst: undefined,
    });
    expect(edited.undoStack).toEqual([['d1', 'd2'], ['d3']]);
    expect(edited.burst).toBeUndefined();
  });

  it('prompts for a rejection’s reason until the next action, and undoing it closes the prompt', () => {
    const rejected = run(
      { type: 'confirmationApplied', message: 'Applied: a', decisionIds: ['d1'], burst: undefined },
      {
        type: 'rejectionPrompted',
        rejection: { entry: entry('b'), decisionId: 'r1', index: 3 },
        message: 'Rejected: b',
      },
    );
    expect(rejected.rejection?.decisionId).toBe('r1');
    expect(rejected.last).toEqual({ message: 'Rejected: b', tone: 'info', decisionIds: ['r1'] });
    expect(rejected.undoStack).toEqual([['d1'], ['r1']]);
    expect(run({ type: 'decisionStarted', key: 'c' }).rejection).toBeUndefined();
    expect(
      reviewActionsReducer(rejected, { type: 'decisionStarted', key: 'c' }).rejection,
    ).toBeUndefined();

    const undone = reviewActionsReducer(rejected, { type: 'undoRequested', decisionIds: ['r1'] });
    expect(undone.rejection).toBeUndefined();
    expect(undone.undoStack).toEqual([['d1']]);
    // Undoing something else leaves the prompt where it is.
    expect(
      reviewActionsReducer(rejected, { type: 'undoRequested', decisionIds: ['d1'] }).rejection,
    ).toBe(rejected.rejection);
  });

  it('shows Confirm all’s progress, then its summary in the tone of its outcome', () => {
    const running = run(
      {
        type: 'rejectionPrompted',
        rejection: { entry: entry('b'), decisionId: 'r1' },
        message: 'Rejected: b',
      },
      { type: 'bulkStarted', groupKey: 'group:1', total: 3 },
    );
    expect(running.bulk.get('group:1')).toEqual({ progress: { total: 3 } });
    expect(running.rejection).toBeUndefined();

    const done = reviewActionsReducer(running, {
      type: 'bulkFinished',
      groupKey: 'group:1',
      result: bulkResult(['d1', 'd2'], { stale: ['c'] }),
    });
    expect(done.bulk.size).toBe(0);
    expect(done.last).toEqual({
      message: 'Applied 2.',
      tone: 'warning',
      decisionIds: ['d1', 'd2'],
    });
    expect(done.undoStack.at(-1)).toEqual(['d1', 'd2']);

    const failed = reviewActionsReducer(running, {
      type: 'bulkFinished',
      groupKey: 'group:1',
      result: bulkResult([], { failed: [{ summary: 'c', message: 'No.' }], message: 'Failed.' }),
    });
    expect(failed.last).toEqual({ message: 'Failed.', tone: 'error' });
    expect(failed.undoStack).toEqual([['r1']]);
  });

  it('says what an undo did, and when there is nothing to undo', () => {
    expect(run({ type: 'nothingToUndo' }).last).toEqual({
      message: 'Nothing to undo here yet.',
      tone: 'info',
    });
    expect(
      run({ type: 'undoFinished', result: { status: 'undone', message: 'Undone.' } }).last,
    ).toEqual({ message: 'Undone.', tone: 'info' });
    expect(
      run({ type: 'undoFinished', result: { status: 'cannot-undo', message: 'Changed since.' } })
        .last,
    ).toEqual({ message: 'Changed since.', tone: 'error' });
  });

  it('keeps an earned offer until it is dismissed, and dismisses notices and orphans by key', () => {
    const offer = { kind: 'stop' } as unknown as RuleOffer;
    const offered = run({ type: 'offerEarned', offer });
    expect(offered.offer).toBe(offer);
    expect(reviewActionsReducer(offered, { type: 'offerDismissed' }).offer).toBeUndefined();

    const said = run(
      { type: 'decisionFinished', key: 'a', result: { status: 'failed', message: 'No.' } },
      { type: 'decisionFinished', key: 'b', result: { status: 'missing', message: 'Gone.' } },
      { type: 'noticeDismissed', key: 'a' },
      { type: 'orphanDismissed', key: 'b' },
    );
    expect(said.notices.size).toBe(0);
    expect(said.orphans.size).toBe(0);
  });

  it('lets a row leave the list only once its item no longer waits', () => {
    for (const status of [
      'applied',
      'rejected',
      'already-decided',
      'missing',
      'failed-permanently',
    ])
      expect(leavesTheList({ status, message: '' } as never)).toBe(true);
    for (const status of ['failed', 'stale', 'denied', 'invalid', 'expired'])
      expect(leavesTheList({ status, message: '' } as never)).toBe(false);
  });
});

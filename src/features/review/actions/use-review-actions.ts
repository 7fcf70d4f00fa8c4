/**
 * The review actions one list (the task card, the inbox) offers: confirm, reject, confirm
 * all and undo, with what the person sees around them: a busy flag per row, the service's
 * message when an action did not succeed, the reason prompt after a reject, progress while
 * Confirm all runs, and the last action with its Undo (shown in the list's status bar, in
 * a place of its own, never over the rows). The services do the work; nothing here writes
 * to the database. What the list shows is one state changed by named events
 * (review-actions-state.ts), kept in a store of this list's own so an action reads it after
 * its awaits as it is then.
 */
import { useCallback, useEffect, useState } from 'react';
import { createStore } from 'zustand';
import { getDatabase } from '../../../db/connection';
import type { PendingReviewItem } from '../../../db/queries/review-proposals';
import type { DecisionMethod } from '../../../domain/change-set';
import { confirmAll, summarizeConfirmAll } from '../../../confirmation/confirm-all';
import { confirmItem } from '../../../confirmation/confirm-item';
import type { ShownItem } from '../../../confirmation/decide-item';
import { rejectItem } from '../../../confirmation/reject-item';
import type { ConfirmAllResult, ReviewResult } from '../../../confirmation/review-result';
import { offerAfterDecision } from '../../../confirmation/rule-offers';
import { undoDecision, undoDecisions } from '../../../confirmation/undo-decision';
import { addToBurst, burstMessage, standingBurst } from './confirm-burst';
import {
  INITIAL_REVIEW_ACTIONS,
  reviewActionsReducer,
  type RecentRejection,
  type ReviewActionsState,
  type ReviewEvent,
} from './review-actions-state';

function failure(error: unknown): ReviewResult {
  const detail = error instanceof Error ? error.message : String(error);
  return { status: 'failed', message: `That did not work: ${detail}` };
}

/** The row as shown, so its decision reads nothing before its transaction (decide-item.ts). */
function shownItem(entry: PendingReviewItem): ShownItem | undefined {
  return entry.agentId === undefined ? undefined : { item: entry.item, agentId: entry.agentId };
}

/** The decision, finished: the service's result, or what went wrong in words; never rejects, never throws. */
async function finished(decide: () => Promise<ReviewResult>): Promise<ReviewResult> {
  try {
    return await decide();
  } catch (error) {
    return failure(error);
  }
}

/** Several sets' Confirm all results as one (a task rarely has more than one open set). */
function combine(results: ConfirmAllResult[]): ConfirmAllResult {
  if (results.length === 1) return results[0]!;
  const combined = {
    applied: results.flatMap((result) => result.applied),
    failed: results.flatMap((result) => result.failed),
    stale: results.flatMap((result) => result.stale),
    denied: results.find((result) => result.denied)?.denied,
    decisionIds: results.flatMap((result) => result.decisionIds),
  };
  return { ...combined, message: summarizeConfirmAll(combined) };
}

/** One list's state and the one way to change it. */
function createReviewActionsStore() {
  const store = createStore<ReviewActionsState>(() => INITIAL_REVIEW_ACTIONS);
  const send = (event: ReviewEvent) =>
    store.setState(reviewActionsReducer(store.getState(), event));
  return { store, send };
}

export function useReviewActions() {
  const [{ store, send }] = useState(createReviewActionsStore);
  // Rendered as React state, not through useStore: an update then batches with the list's
  // own (the held rows, the phases) as it did, instead of rendering on its own at once.
  const [state, setState] = useState(store.getState);
  useEffect(() => store.subscribe(setState), [store]);

  const lookForOffer = useCallback(
    (decisionId: string | undefined) => {
      if (!decisionId) return;
      void offerAfterDecision(getDatabase(), decisionId).then((offer) => {
        if (offer) send({ type: 'offerEarned', offer });
      });
    },
    [send],
  );

  const undo = useCallback(
    async (decisionIds: string[]) => {
      send({ type: 'undoRequested', decisionIds });
      let result: ReviewResult;
      try {
        result =
          decisionIds.length === 1
            ? await undoDecision(getDatabase(), decisionIds[0]!)
            : await undoDecisions(getDatabase(), decisionIds);
      } catch (error) {
        result = failure(error);
      }
      send({ type: 'undoFinished', result });
      return result;
    },
    [send],
  );

  const confirm = useCallback(
    async (
      entry: PendingReviewItem,
      options: {
        applyAnyway?: boolean;
        edited?: Record<string, unknown>;
        method?: DecisionMethod;
      } = {},
    ) => {
      const confirmOptions = {
        ...(options.method ? { method: options.method } : {}),
        ...(options.applyAnyway ? { applyAnyway: true } : {}),
        ...(options.edited ? { edited: options.edited } : {}),
      };
      // Started before the state updates: its transaction is on its way while React
      // renders them.
      const decided = finished(() =>
        confirmItem(getDatabase(), entry.changeSetId, entry.itemIndex, {
          ...confirmOptions,
          shown: shownItem(entry),
        }),
      );
      send({ type: 'decisionStarted', key: entry.key });
      const result = await decided;
      send({ type: 'decisionFinished', key: entry.key, result });
      if (result.status !== 'applied') return result;
      lookForOffer(result.decisionId);
      const id = result.decisionId;
      const summary = entry.item.humanSummary;
      // A confirmation with changes is its own action; quick plain ones add up.
      const burst =
        id && !options.edited
          ? addToBurst(
              await standingBurst(store.getState().burst),
              { summary, decisionId: id },
              Date.now(),
            )
          : undefined;
      send({
        type: 'confirmationApplied',
        burst,
        decisionIds: burst?.decisionIds ?? (id ? [id] : []),
        message: options.edited
          ? `Confirmed with changes. ${result.message}`
          : burst
            ? burstMessage(burst)
            : `Applied: ${summary}`,
      });
      return result;
    },
    [send, store, lookForOffer],
  );

  const reject = useCallback(
    async (
      entry: PendingReviewItem,
      where: Omit<RecentRejection, 'entry' | 'decisionId'> = {},
      method?: DecisionMethod,
    ) => {
      const decided = finished(() =>
        rejectItem(getDatabase(), entry.changeSetId, entry.itemIndex, {
          shown: shownItem(entry),
          ...(method ? { method } : {}),
        }),
      );
      send({ type: 'decisionStarted', key: entry.key });
      const result = await decided;
      send({ type: 'decisionFinished', key: entry.key, result });
      if (result.status === 'rejected' && result.decisionId) {
        lookForOffer(result.decisionId);
        send({
          type: 'rejectionPrompted',
          rejection: { entry, decisionId: result.decisionId, ...where },
          message: `Rejected: ${entry.item.humanSummary}`,
        });
      }
      return result;
    },
    [send, lookForOffer],
  );

  /**
   * Confirms every pending item of the given sets (or only the items `only` names), in
   * order, in one transaction per set.
   */
  const confirmAllOf = useCallback(
    async (
      groupKey: string,
      changeSetIds: readonly string[],
      total: number,
      only?: ReadonlySet<string>,
    ) => {
      send({ type: 'bulkStarted', groupKey, total });
      const results: ConfirmAllResult[] = [];
      for (const changeSetId of changeSetIds) {
        try {
          results.push(
            only
              ? await confirmAll(getDatabase(), changeSetId, { only: (item) => only.has(item.id) })
              : await confirmAll(getDatabase(), changeSetId),
          );
        } catch (error) {
          const message = failure(error).message;
          results.push({
            applied: [],
            failed: [{ summary: 'Confirm all', message }],
            stale: [],
            decisionIds: [],
            message,
          });
        }
      }
      const combined = combine(results);
      // One summary, in one place, naming what it applied.
      send({ type: 'bulkFinished', groupKey, result: combined });
      return combined;
    },
    [send],
  );

  /** Undoes the newest decision made here; false when there is none. */
  const undoLast = useCallback(async () => {
    const latest = store.getState().undoStack.at(-1);
    if (!latest) {
      send({ type: 'nothingToUndo' });
      return false;
    }
    await undo([...latest]);
    return true;
  }, [store, send, undo]);

  return {
    busyKeys: state.busy,
    notices: state.notices,
    orphans: state.orphans,
    last: state.last,
    rejection: state.rejection,
    bulk: state.bulk,
    offer: state.offer,
    confirm,
    reject,
    confirmAll: confirmAllOf,
    undo,
    undoLast,
    /** A new action closes the reason prompt of the previous rejection. */
    dismissRejection: useCallback(() => send({ type: 'rejectionDismissed' }), [send]),
    dismissOffer: useCallback(() => send({ type: 'offerDismissed' }), [send]),
    dismissNotice: useCallback((key: string) => send({ type: 'noticeDismissed', key }), [send]),
    dismissOrphan: useCallback((key: string) => send({ type: 'orphanDismissed', key }), [send]),
  };
}

export type ReviewActions = ReturnType<typeof useReviewActions>;

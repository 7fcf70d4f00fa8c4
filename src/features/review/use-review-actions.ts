/**
 * The review actions one list (the task card, the inbox) offers: confirm, reject, confirm
 * all and undo, with what the person sees around them: a busy flag per row, the service's
 * message when an action did not succeed, the reason prompt after a reject, progress while
 * Confirm all runs, and the last action with its Undo (shown in the list's status bar, in
 * a place of its own, never over the rows). The services do the work; nothing here writes
 * to the database.
 */
import { useCallback, useRef, useState } from 'react';
import { getDatabase } from '../../db/connection';
import type { PendingReviewItem } from '../../db/queries/review-proposals';
import type { DecisionMethod } from '../../domain/change-set';
import { confirmAll, summarizeConfirmAll } from '../../confirmation/confirm-all';
import { confirmItem } from '../../confirmation/confirm-item';
import type { ShownItem } from '../../confirmation/decide-item';
import { rejectItem } from '../../confirmation/reject-item';
import type {
  ConfirmAllResult,
  ReviewResult,
  ReviewStatus,
} from '../../confirmation/review-result';
import { offerAfterDecision, type RuleOffer } from '../../confirmation/rule-offers';
import { undoDecision, undoDecisions } from '../../confirmation/undo-decision';
import { addToBurst, burstMessage, standingBurst, type ConfirmBurst } from './confirm-burst';

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

/** After these the item is no longer pending, so its row leaves the list. */
const LEAVES_THE_LIST: ReadonlySet<ReviewStatus> = new Set([
  'applied',
  'rejected',
  'already-decided',
  'missing',
  'failed-permanently',
]);

function failure(error: unknown): ReviewResult {
  const detail = error instanceof Error ? error.message : String(error);
  return { status: 'failed', message: `That did not work: ${detail}` };
}

/** The row as shown, so its decision reads nothing before its transaction (decide-item.ts). */
function shownItem(entry: PendingReviewItem): ShownItem | undefined {
  return entry.agentId === undefined ? undefined : { item: entry.item, agentId: entry.agentId };
}

/** The service's result, or what went wrong in words: never rejects, never throws. */
async function settled(decide: () => Promise<ReviewResult>): Promise<ReviewResult> {
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

function toneOf(result: ConfirmAllResult): LastAction['tone'] {
  if (result.failed.length > 0) return 'error';
  return result.stale.length > 0 || result.denied ? 'warning' : 'success';
}

export function useReviewActions() {
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<string>>(new Set());
  const [notices, setNotices] = useState<ReadonlyMap<string, string>>(new Map());
  /** Messages about rows that left the list (decided elsewhere, set aside): shown above it. */
  const [orphans, setOrphans] = useState<ReadonlyMap<string, string>>(new Map());
  const [rejection, setRejection] = useState<RecentRejection>();
  const [last, setLast] = useState<LastAction>();
  const [bulk, setBulk] = useState<ReadonlyMap<string, BulkState>>(new Map());
  /** A rule the last decision earned ("Stop proposing…", "Apply … without asking"). */
  const [offer, setOffer] = useState<RuleOffer>();
  const lookForOffer = useCallback((decisionId: string | undefined) => {
    if (!decisionId) return;
    void offerAfterDecision(getDatabase(), decisionId).then((found) => {
      if (found) setOffer(found);
    });
  }, []);
  /** Decisions made here, newest last: what `u` undoes. */
  const undoStack = useRef<string[][]>([]);
  /** The quick confirmations the status bar names together, until another action. */
  const burst = useRef<ConfirmBurst>(undefined);

  const setBusy = useCallback((key: string, busy: boolean) => {
    setBusyKeys((previous) => {
      const next = new Set(previous);
      if (busy) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const setNotice = useCallback((key: string, message: string | undefined) => {
    setNotices((previous) => {
      if (message === undefined && !previous.has(key)) return previous;
      const next = new Map(previous);
      if (message === undefined) next.delete(key);
      else next.set(key, message);
      return next;
    });
  }, []);

  /** A result that did not do what was asked, said in its row, or above the list once the row left. */
  const say = useCallback(
    (key: string, result: ReviewResult) => {
      if (!leavesTheList(result)) {
        setNotice(key, result.message);
        return;
      }
      setOrphans((previous) => new Map(previous).set(key, result.message));
    },
    [setNotice],
  );

  const setBulkState = useCallback((groupKey: string, state: BulkState | undefined) => {
    setBulk((previous) => {
      const next = new Map(previous);
      if (state === undefined) next.delete(groupKey);
      else next.set(groupKey, state);
      return next;
    });
  }, []);

  const undo = useCallback(async (decisionIds: string[]) => {
    burst.current = undefined;
    undoStack.current = undoStack.current.filter(
      (ids) => !ids.some((id) => decisionIds.includes(id)),
    );
    // Undoing a rejection (`u`) closes its reason prompt, which stands in for the row.
    setRejection((current) =>
      current && decisionIds.includes(current.decisionId) ? undefined : current,
    );
    let result: ReviewResult;
    try {
      result =
        decisionIds.length === 1
          ? await undoDecision(getDatabase(), decisionIds[0]!)
          : await undoDecisions(getDatabase(), decisionIds);
    } catch (error) {
      result = failure(error);
    }
    setLast({
      message: result.message,
      tone: result.status === 'undone' ? 'info' : 'error',
    });
    return result;
  }, []);

  /** A new action closes the reason prompt of the previous rejection. */
  const dismissRejection = useCallback(() => setRejection(undefined), []);

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
      const decided = settled(() =>
        confirmItem(getDatabase(), entry.changeSetId, entry.itemIndex, {
          ...confirmOptions,
          shown: shownItem(entry),
        }),
      );
      setRejection(undefined);
      setNotice(entry.key, undefined);
      setBusy(entry.key, true);
      const result = await decided;
      setBusy(entry.key, false);
      if (result.status === 'applied') {
        lookForOffer(result.decisionId);
        const id = result.decisionId;
        const summary = entry.item.humanSummary;
        // A confirmation with changes is its own action; quick plain ones add up.
        const joined =
          id && !options.edited
            ? addToBurst(
                await standingBurst(burst.current),
                { summary, decisionId: id },
                Date.now(),
              )
            : undefined;
        // The burst is one entry of the undo stack, so `u` takes back what the bar names.
        if (joined && joined.decisionIds.length > 1) undoStack.current.pop();
        burst.current = joined;
        const decisionIds = joined?.decisionIds ?? (id ? [id] : []);
        if (decisionIds.length > 0) undoStack.current.push(decisionIds);
        setLast({
          message: options.edited
            ? `Confirmed with changes. ${result.message}`
            : joined
              ? burstMessage(joined)
              : `Applied: ${summary}`,
          tone: 'success',
          ...(decisionIds.length > 0 ? { decisionIds } : {}),
        });
      } else {
        say(entry.key, result);
      }
      return result;
    },
    [setBusy, setNotice, say, lookForOffer],
  );

  const reject = useCallback(
    async (
      entry: PendingReviewItem,
      where: Omit<RecentRejection, 'entry' | 'decisionId'> = {},
      method?: DecisionMethod,
    ) => {
      const decided = settled(() =>
        rejectItem(getDatabase(), entry.changeSetId, entry.itemIndex, {
          shown: shownItem(entry),
          ...(method ? { method } : {}),
        }),
      );
      setRejection(undefined);
      setNotice(entry.key, undefined);
      setBusy(entry.key, true);
      const result = await decided;
      setBusy(entry.key, false);
      if (result.status === 'rejected') {
        burst.current = undefined;
        if (result.decisionId) {
          undoStack.current.push([result.decisionId]);
          lookForOffer(result.decisionId);
          setRejection({ entry, decisionId: result.decisionId, ...where });
          setLast({
            message: `Rejected: ${entry.item.humanSummary}`,
            tone: 'info',
            decisionIds: [result.decisionId],
          });
        }
      } else {
        say(entry.key, result);
      }
      return result;
    },
    [setBusy, setNotice, say, lookForOffer],
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
      setRejection(undefined);
      setBulkState(groupKey, { progress: { total } });
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
      setBulkState(groupKey, undefined);
      burst.current = undefined;
      // One summary, in one place, naming what it applied.
      if (combined.decisionIds.length > 0) undoStack.current.push(combined.decisionIds);
      setLast({
        message: combined.message,
        tone: toneOf(combined),
        ...(combined.decisionIds.length > 0 ? { decisionIds: combined.decisionIds } : {}),
      });
      return combined;
    },
    [setBulkState],
  );

  /** Undoes the newest decision made here; false when there is none. */
  const undoLast = useCallback(async () => {
    const latest = undoStack.current.at(-1);
    if (!latest) {
      setLast({ message: 'Nothing to undo here yet.', tone: 'info' });
      return false;
    }
    await undo(latest);
    return true;
  }, [undo]);

  return {
    busyKeys,
    notices,
    orphans,
    last,
    rejection,
    bulk,
    confirm,
    reject,
    confirmAll: confirmAllOf,
    undo,
    undoLast,
    dismissRejection,
    offer,
    dismissOffer: useCallback(() => setOffer(undefined), []),
    dismissNotice: useCallback((key: string) => setNotice(key, undefined), [setNotice]),
    dismissOrphan: useCallback(
      (key: string) =>
        setOrphans((previous) => {
          const next = new Map(previous);
          next.delete(key);
          return next;
        }),
      [],
    ),
    dismissBulk: useCallback(
      (groupKey: string) => setBulkState(groupKey, undefined),
      [setBulkState],
    ),
  };
}

export type ReviewActions = ReturnType<typeof useReviewActions>;

/** Whether the result means the item is no longer waiting (so its row leaves the list). */
export function leavesTheList(result: ReviewResult): boolean {
  return LEAVES_THE_LIST.has(result.status);
}

/**
 * The task page's "Proposed changes": every item the agent queued for this task, headed by
 * the agent's one-line summary of the task (why, next to what), each row with its before →
 * after, Confirm and Reject (or a swipe), a batch's items as one group, and Confirm all.
 * A status bar of its own says what the last action did, with Undo. Renders nothing when
 * nothing waits, unless an action just finished and has something to say.
 */
import type { DecisionMethod } from '../../../domain/change-set';
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useRef } from 'react';
import { readPolicyVerdict } from '../../../db/agent-config';
import { getDatabase } from '../../../db/connection';
import {
  listPendingItemsForTask,
  readReviewHeading,
  type PendingReviewItem,
} from '../../../db/queries/review-proposals';
import { Button } from '../../../ui/button';
import { Notice } from '../../../ui/notice';
import type { ReviewResult } from '../../../confirmation/review-result';
import { useArmedAfter } from '../../../ui/use-armed-after';
import { MotionWatchContext, useMotionWatch } from '../../../ui/use-motion-watch';
import { useStableCallback } from '../../../ui/use-stable-callback';
import { BatchCaption } from '../list/batch-caption';
import { batchPlace } from '../list/group-rows';
import { withItemViews } from '../row/item-view';
import { blockingDenial, PolicyDenialNotice } from './policy-denial-notice';
import { RejectionReasonPanel } from '../list/rejection-reason-panel';
import { ReviewItemRow } from '../row/review-item-row';
import { findRowElement } from '../row/row-elements';
import { AgentSummaryLine } from './agent-summary-line';
import { ReviewStatusBar } from '../list/review-status-bar';
import { RuleOfferBar } from '../list/rule-offer-bar';
import { useReviewActions } from '../actions/use-review-actions';
import { useRowLifecycle } from '../row/use-row-lifecycle';
import { useSwipeHint } from '../row/use-swipe-hint';
import { withRejection, type ReviewListEntry } from '../list/with-rejection';
import '../review.css';

/** Whether the task's pending items still have the row `key`. */
const listShows = (items: readonly PendingReviewItem[] | undefined, key: string) =>
  items?.some((item) => item.key === key) ?? false;

/** The item a list row shows: its own, or the rejected one its prompt stands for. */
const entryOf = (row: ReviewListEntry | undefined) =>
  row?.type === 'item' ? row.entry : row?.rejection.entry;

export function ProposedChangesCard({
  taskId,
  agentWorking = false,
}: {
  taskId: string;
  /** A wake of this task is running here: the card keeps room for what it proposes. */
  agentWorking?: boolean;
}) {
  const headingId = useId();
  const denialId = useId();
  const live = useLiveQuery(async () => {
    const items = await listPendingItemsForTask(getDatabase(), taskId);
    return withItemViews(items, items);
  }, [taskId]);
  const heading = useLiveQuery(() => readReviewHeading(getDatabase(), taskId), [taskId]);
  const denial = blockingDenial(
    useLiveQuery(() => readPolicyVerdict(getDatabase(), taskId), [taskId]),
  );
  const actions = useReviewActions();
  const section = useRef<HTMLElement>(null);
  const lifecycle = useRowLifecycle(live, listShows, section);
  const items = lifecycle.shown;
  const motion = useMotionWatch(section);
  const count = items?.length ?? 0;
  const armed = useArmedAfter(count > 1);
  const hint = useSwipeHint(count);

  /** Runs a row's decision through its lifecycle: the focus goes on to the row after it (or before). */
  async function decide(entry: PendingReviewItem, run: () => Promise<ReviewResult>) {
    const list = items ?? [];
    const at = list.findIndex((candidate) => candidate.key === entry.key);
    const next = list[at + 1]?.key ?? list[at - 1]?.key;
    const { left } = await lifecycle.decide({ key: entry.key, next, decide: run });
    return left;
  }
  // Stable handlers: a decision re-renders its own (memoized) row, not every row.
  const rowConfirmed = useStableCallback(
    (entry: PendingReviewItem, options: Parameters<typeof actions.confirm>[1]) =>
      decide(entry, () => actions.confirm(entry, options)),
  );
  const rowRejected = useStableCallback((entry: PendingReviewItem, method: DecisionMethod) =>
    decide(entry, () =>
      actions.reject(
        entry,
        { height: findRowElement(section.current, entry.key)?.offsetHeight },
        method,
      ),
    ),
  );

  // Both read before anything shows: the summary line never arrives above shown rows.
  if (items === undefined || heading === undefined) return null;
  // This tab's wake says "running" from the tap on; the stored wake says it until its end
  // is read together with its report. Either keeps the room for the summary, so the wake's
  // end in this tab, read before the report, never takes the line away under a finger.
  const working = agentWorking || heading.agentWorking;
  const bulk = actions.bulk.get(taskId);
  const keys = new Set(items.map((entry) => entry.key));
  const orphanNotices = [
    ...[...actions.notices].filter(([key]) => !keys.has(key)),
    ...actions.orphans,
  ];
  if (items.length === 0 && !actions.rejection && !actions.last && orphanNotices.length === 0)
    return working ? (
      // Room for the proposals while the agent works: they arrive here, not over the fields.
      <section className="card stack review-card review-card--waiting" aria-labelledby={headingId}>
        <h2 id={headingId}>Proposed changes</h2>
        <p className="muted review-card__empty">
          The agent is working. What it proposes appears here for you to confirm or reject.
        </p>
      </section>
    ) : null;

  const changeSetIds = [...new Set(items.map((entry) => entry.changeSetId))];
  const list = withRejection(items, actions.rejection);
  const running = bulk?.progress !== undefined;

  function renderItem(entry: PendingReviewItem) {
    return (
      <div
        className={`review-row-place${lifecycle.phaseOf(entry.key) === 'leaving' ? ' review-row-place--leaving' : ''}`}
      >
        <ReviewItemRow
          entry={entry}
          busy={actions.busyKeys.has(entry.key) || running}
          phase={lifecycle.phaseOf(entry.key)}
          notice={actions.notices.get(entry.key)}
          confirmBlockedBy={denial ? denialId : undefined}
          onSwiped={hint.swiped}
          onConfirm={rowConfirmed}
          onReject={rowRejected}
        />
      </div>
    );
  }

  return (
    <section ref={section} className="card stack review-card" aria-labelledby={headingId}>
      <div className="review-card__header">
        <h2 id={headingId}>Proposed changes ({items.length})</h2>
        {items.length > 1 && (
          <Button
            variant="primary"
            disabled={running}
            aria-disabled={denial !== undefined || !armed || undefined}
            aria-describedby={denial ? denialId : undefined}
            onClick={() => {
              // Just arrived: a tap meant for what was here before is not a Confirm all.
              if (!denial && armed) void actions.confirmAll(taskId, changeSetIds, items.length);
            }}
          >
            Confirm all {items.length}
          </Button>
        )}
      </div>
      {/* The summary's two lines are kept from the first proposal on while the agent works:
          its report (and so this line) comes after its proposals, and must not push them. */}
      {items.length > 0 && (working || heading.oneLiner) && (
        <AgentSummaryLine text={heading.oneLiner} />
      )}
      <ReviewStatusBar
        applying={bulk?.progress?.total}
        last={actions.last}
        idle={hint.idle}
        undoOfferedFor={actions.rejection?.decisionId}
        onUndo={(decisionIds) => void actions.undo(decisionIds)}
      />
      {denial && items.length > 0 && <PolicyDenialNotice denial={denial} id={denialId} />}
      {orphanNotices.map(([key, message]) => (
        <div key={key} className="review-orphan">
          <Notice tone="error">{message}</Notice>
          <Button
            size="small"
            variant="quiet"
            onClick={() => {
              actions.dismissNotice(key);
              actions.dismissOrphan(key);
            }}
          >
            Dismiss
          </Button>
        </div>
      ))}
      {items.length === 0 && !actions.rejection ? (
        <p className="muted review-card__empty">Nothing else waits for review.</p>
      ) : (
        <MotionWatchContext value={motion}>
          <ul className="review-list">
            {list.map((row, index) => {
              const batch = batchPlace(
                entryOf(row)!,
                entryOf(list[index - 1]),
                entryOf(list[index + 1]),
              );
              return (
                <li key={row.key} className="review-list__item">
                  {batch === 'starts' && <BatchCaption entry={entryOf(row)!} />}
                  <div className={batch ? 'review-batch__item' : undefined}>
                    {row.type === 'item' ? (
                      renderItem(row.entry)
                    ) : (
                      <RejectionReasonPanel
                        rejection={row.rejection}
                        onDismiss={actions.dismissRejection}
                        onUndo={(decisionId) => {
                          actions.dismissRejection();
                          void actions.undo([decisionId]);
                        }}
                      />
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </MotionWatchContext>
      )}
      {actions.offer && <RuleOfferBar offer={actions.offer} onDone={actions.dismissOffer} />}
    </section>
  );
}

/**
 * The task page's "Proposed changes": every item the agent queued for this task, each
 * with its before → after, Confirm and Reject (or a swipe), and Confirm all. Renders
 * nothing when nothing waits, unless an action just finished and has something to say.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useRef } from 'react';
import { readPolicyVerdict } from '../../db/agent-config';
import { getDatabase } from '../../db/connection';
import { listPendingItemsForTask, type PendingReviewItem } from '../../db/queries/proposals';
import type { ReviewResult } from '../../confirmation/review-result';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { BulkStatus } from './bulk-status';
import { blockingDenial, PolicyDenialNotice } from './policy-denial-notice';
import { RejectionReasonPanel } from './rejection-reason-panel';
import { findRowElement, ReviewItemRow } from './review-item-row';
import { leavesTheList, useReviewActions } from './use-review-actions';
import { neighbourKey, withRejection } from './with-rejection';
import './review.css';

export function ProposedChangesCard({ taskId }: { taskId: string }) {
  const headingId = useId();
  const denialId = useId();
  const items = useLiveQuery(() => listPendingItemsForTask(getDatabase(), taskId), [taskId]);
  const denial = blockingDenial(
    useLiveQuery(() => readPolicyVerdict(getDatabase(), taskId), [taskId]),
  );
  const actions = useReviewActions();
  const section = useRef<HTMLElement>(null);

  /** Runs a decision; when the focus was in the row, it moves on to the next one. */
  async function decide(entry: PendingReviewItem, action: () => Promise<ReviewResult>) {
    const hadFocus =
      findRowElement(section.current, entry.key)?.contains(document.activeElement) ?? false;
    const next = neighbourKey(items ?? [], entry.key);
    const result = await action();
    const leaving = leavesTheList(result);
    if (leaving && hadFocus && next) findRowElement(section.current, next)?.focus();
    return leaving;
  }

  if (items === undefined) return null;
  const bulk = actions.bulk.get(taskId);
  const keys = new Set(items.map((entry) => entry.key));
  const orphanNotices = [
    ...[...actions.notices].filter(([key]) => !keys.has(key)),
    ...actions.orphans,
  ];
  if (items.length === 0 && !actions.rejection && !bulk && orphanNotices.length === 0) return null;

  const changeSetIds = [...new Set(items.map((entry) => entry.changeSetId))];
  const running = bulk?.progress !== undefined;

  return (
    <section ref={section} className="card stack review-card" aria-labelledby={headingId}>
      <div className="review-card__header">
        <h2 id={headingId}>Proposed changes ({items.length})</h2>
        {items.length > 1 && (
          <Button
            variant="primary"
            disabled={running}
            aria-disabled={denial !== undefined || undefined}
            aria-describedby={denial ? denialId : undefined}
            onClick={() => {
              if (!denial) void actions.confirmAll(taskId, changeSetIds, items.length);
            }}
          >
            Confirm all
          </Button>
        )}
      </div>
      {/* Present before a rejection, so screen readers announce it when it fills in. */}
      <p className="visually-hidden" role="status">
        {actions.rejection ? `Rejected: ${actions.rejection.entry.item.humanSummary}` : ''}
      </p>
      {denial && items.length > 0 && <PolicyDenialNotice denial={denial} id={denialId} />}
      {bulk && <BulkStatus state={bulk} onDismiss={() => actions.dismissBulk(taskId)} />}
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
        <ul className="review-list">
          {withRejection(items, actions.rejection).map((row) => (
            <li key={row.key} className="review-list__item">
              {row.type === 'item' ? (
                <ReviewItemRow
                  entry={row.entry}
                  busy={actions.busyKeys.has(row.key) || running}
                  notice={actions.notices.get(row.key)}
                  confirmBlockedBy={denial ? denialId : undefined}
                  onConfirm={(entry, options) =>
                    decide(entry, () => actions.confirm(entry, options))
                  }
                  onReject={(entry) => decide(entry, () => actions.reject(entry))}
                />
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
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

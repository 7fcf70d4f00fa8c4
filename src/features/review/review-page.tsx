/**
 * /review: every proposal waiting for a decision, across tasks, grouped by task. The same
 * rows as the task page's card, with keyboard shortcuts for working through a long list.
 */
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Notice } from '../../ui/notice';
import { BulkStatus } from './bulk-status';
import { usePendingReviewCounts } from './pending-count';
import { ReviewInbox } from './review-inbox';
import { useReviewActions } from './use-review-actions';
import './review.css';

function plural(count: number, word: string) {
  return `${count.toLocaleString()} ${word}${count === 1 ? '' : 's'}`;
}

export function ReviewPage() {
  const counts = usePendingReviewCounts();
  const actions = useReviewActions();
  const bulkSummaries = [...actions.bulk].filter(([, state]) => state.progress === undefined);

  return (
    <section className="review-page stack" aria-labelledby="review-heading">
      <h1 id="review-heading">Review</h1>
      {/* Present before a rejection, so screen readers announce it when it fills in. */}
      <p className="visually-hidden" role="status">
        {actions.rejection ? `Rejected: ${actions.rejection.entry.item.humanSummary}` : ''}
      </p>
      {bulkSummaries.map(([key, state]) => (
        <BulkStatus key={key} state={state} onDismiss={() => actions.dismissBulk(key)} />
      ))}
      {[...actions.orphans].map(([key, message]) => (
        <div key={key} className="review-orphan">
          <Notice tone="error">{message}</Notice>
          <Button size="small" variant="quiet" onClick={() => actions.dismissOrphan(key)}>
            Dismiss
          </Button>
        </div>
      ))}
      {counts === undefined ? (
        <p className="muted" role="status" aria-busy="true">
          Loading proposals…
        </p>
      ) : counts.items === 0 && !actions.rejection ? (
        <EmptyState title="Nothing to review">
          <p>
            When the agent proposes changes to a task, they wait here for you to confirm or reject
            them.
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="review-page__count">
            {plural(counts.items, 'change')} waiting on {plural(counts.sets, 'task')}
          </p>
          <p className="review-page__help muted">
            Swipe a row right to confirm, left to reject.{' '}
            <span className="review-page__keys">
              Keys: <kbd>j</kbd> / <kbd>k</kbd> next / previous · <kbd>y</kbd> confirm ·{' '}
              <kbd>n</kbd> reject · <kbd>a</kbd> confirm all for the task · <kbd>u</kbd> undo
            </span>
          </p>
          <ReviewInbox count={counts.items} actions={actions} />
        </>
      )}
    </section>
  );
}

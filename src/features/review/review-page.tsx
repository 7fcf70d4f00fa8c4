/**
 * /review: every proposal waiting for a decision, across tasks, grouped by task. The same
 * rows as the task page's card, with keyboard shortcuts for working through a long list.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../../db/connection';
import { listPendingGroups } from '../../db/queries/proposals';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Notice } from '../../ui/notice';
import { BulkStatus } from './bulk-status';
import { groupKey } from './inbox-entries';
import { ReviewInbox } from './review-inbox';
import { useReviewActions } from './use-review-actions';
import './review.css';

function plural(count: number, word: string) {
  return `${count.toLocaleString()} ${word}${count === 1 ? '' : 's'}`;
}

export function ReviewPage() {
  const groups = useLiveQuery(() => listPendingGroups(getDatabase()), []);
  const actions = useReviewActions();

  const itemCount = groups?.reduce((total, group) => total + group.items.length, 0) ?? 0;
  const shownKeys = new Set<string>();
  const shownGroups = new Set<string>();
  for (const group of groups ?? []) {
    shownGroups.add(groupKey(group.taskId));
    for (const entry of group.items) shownKeys.add(entry.key);
  }
  // Messages about rows or tasks that have left the list are shown at the top instead.
  const orphanNotices = [...actions.notices].filter(([key]) => !shownKeys.has(key));
  const orphanBulk = [...actions.bulk].filter(([key]) => !shownGroups.has(key));

  return (
    <section className="review-page stack" aria-labelledby="review-heading">
      <h1 id="review-heading">Review</h1>
      {/* Present before a rejection, so screen readers announce it when it fills in. */}
      <p className="visually-hidden" role="status">
        {actions.rejection ? `Rejected: ${actions.rejection.entry.item.humanSummary}` : ''}
      </p>
      {orphanBulk.map(([key, state]) => (
        <BulkStatus key={key} state={state} onDismiss={() => actions.dismissBulk(key)} />
      ))}
      {orphanNotices.map(([key, message]) => (
        <div key={key} className="review-orphan">
          <Notice tone="error">{message}</Notice>
          <Button size="small" variant="quiet" onClick={() => actions.dismissNotice(key)}>
            Dismiss
          </Button>
        </div>
      ))}
      {groups === undefined ? (
        <p className="muted">Loading proposals…</p>
      ) : groups.length === 0 && !actions.rejection ? (
        <EmptyState title="Nothing to review">
          <p>
            When the agent proposes changes to a task, they wait here for you to confirm or reject
            them.
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="review-page__count">
            {plural(itemCount, 'change')} waiting on {plural(groups.length, 'task')}
          </p>
          <p className="review-page__help muted">
            Swipe a row right to confirm, left to reject.{' '}
            <span className="review-page__keys">
              Keys: <kbd>j</kbd> / <kbd>k</kbd> next / previous · <kbd>y</kbd> confirm ·{' '}
              <kbd>n</kbd> reject · <kbd>a</kbd> confirm all for the task · <kbd>u</kbd> undo
            </span>
          </p>
          <ReviewInbox groups={groups} actions={actions} />
        </>
      )}
    </section>
  );
}

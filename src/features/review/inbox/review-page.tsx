/**
 * /review: every proposal waiting for a decision, across tasks, grouped by task. The same
 * rows as the task page's card, with a status bar that keeps the last action and its Undo
 * in a place of its own, and keyboard shortcuts for working through a long list (said
 * on devices with a keyboard and a fine pointer, and on any device after `?`: a tablet's
 * keyboard does not make its pointer fine).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { countOf } from '../../../lib/count-of';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Notice } from '../../../ui/notice';
import { usePendingReviewCounts } from './pending-count';
import { ReviewInbox } from './review-inbox';
import { isEditableTarget } from '../row/row-elements';
import { ReviewStatusBar } from '../list/review-status-bar';
import { RuleOfferBar } from '../list/rule-offer-bar';
import { useReviewActions } from '../actions/use-review-actions';
import { useSwipeHint } from '../row/use-swipe-hint';
import '../review.css';

export interface ReviewPageProps {
  /**
   * What the empty page offers instead of "Open your tasks", given that link: the app
   * passes the agent's setup while no agent is set up (features do not import each other).
   */
  nextStep?: (openTasks: ReactNode) => ReactNode;
}

export function ReviewPage({ nextStep = (openTasks) => openTasks }: ReviewPageProps) {
  const counts = usePendingReviewCounts();
  const actions = useReviewActions();
  const applying = [...actions.bulk.values()].find((state) => state.progress)?.progress?.total;
  const hint = useSwipeHint(counts?.items ?? 0);
  const keysShown = useKeyLegendToggle();

  return (
    <section className="review-page stack" aria-labelledby="review-heading">
      <h1 id="review-heading">Review</h1>
      {/* Present before a rejection, so screen readers announce it when it fills in. */}
      <p className="visually-hidden" role="status">
        {actions.rejection ? `Rejected: ${actions.rejection.entry.item.humanSummary}` : ''}
      </p>
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
      ) : counts.items === 0 && !actions.rejection && !actions.last ? (
        <EmptyState title="Nothing to review">
          <p>
            When the agent proposes changes to a task, they wait here for you to confirm or reject.
            Open a task and tap <strong>Wake agent</strong> to ask it.
          </p>
          {nextStep(
            <p>
              <Link className="button button--primary" to="/">
                Open your tasks
              </Link>
            </p>,
          )}
        </EmptyState>
      ) : (
        <>
          <p className="review-page__count">
            {counts.items === 0
              ? // The last decision's Undo stays where it was; the empty page comes on the next visit.
                'All reviewed: nothing else waits.'
              : `${countOf(counts.items, 'change')} waiting on ${countOf(counts.sets, 'task')}`}
          </p>
          <p className={`review-page__keys muted${keysShown ? ' review-page__keys--shown' : ''}`}>
            Keys: <kbd>j</kbd> / <kbd>k</kbd> next / previous · <kbd>y</kbd> confirm · <kbd>n</kbd>{' '}
            reject · <kbd>e</kbd> edit, then confirm · <kbd>a</kbd> confirm all for the task ·{' '}
            <kbd>u</kbd> undo · <kbd>?</kbd> shows or hides these keys
          </p>
          <ReviewStatusBar
            applying={applying}
            last={actions.last}
            idle={hint.idle}
            undoOfferedFor={actions.rejection?.decisionId}
            onUndo={(decisionIds) => void actions.undo(decisionIds)}
          />
          <ReviewInbox count={counts.items} actions={actions} onSwiped={hint.swiped} />
          {actions.offer && <RuleOfferBar offer={actions.offer} onDone={actions.dismissOffer} />}
        </>
      )}
    </section>
  );
}

/** `?` shows the key legend (and hides it again), wherever the focus is but in a field. */
function useKeyLegendToggle(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.defaultPrevented || event.ctrlKey || event.metaKey) return;
      if (isEditableTarget(event.target)) return;
      event.preventDefault();
      setShown((before) => !before);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
  return shown;
}

/**
 * The heading of one task's group in the inbox: the task (a link to it), how many of its
 * changes wait, the agent's one-line summary of the task (why, next to what), Confirm all
 * and, while it runs or after, its progress and summary.
 */
import { Link } from 'react-router';
import type { InboxRow } from '../../db/queries/proposals';
import { Button } from '../../ui/button';
import { BulkStatus } from './bulk-status';
import type { BulkState } from './use-review-actions';

export function InboxGroupHeading({
  row,
  bulk,
  onConfirmAll,
  onDismissBulk,
}: {
  row: InboxRow;
  bulk: BulkState | undefined;
  onConfirmAll(): void;
  onDismissBulk(): void;
}) {
  const title = row.taskTitle || 'Untitled task';
  return (
    <div className="review-group__header">
      <h2 className="review-group__title">
        <Link to={`/tasks/${encodeURIComponent(row.entry.taskId)}`}>{title}</Link>{' '}
        <span className="muted review-group__count">({row.groupWaiting})</span>
      </h2>
      {row.groupWaiting > 1 && (
        <Button
          className="review-group__confirm-all"
          aria-label={`Confirm all ${row.groupWaiting} for ${title}`}
          disabled={bulk?.progress !== undefined}
          onClick={onConfirmAll}
        >
          Confirm all {row.groupWaiting}
        </Button>
      )}
      {row.reportOneLiner && <p className="review-group__why muted">{row.reportOneLiner}</p>}
      {bulk && <BulkStatus state={bulk} onDismiss={onDismissBulk} />}
    </div>
  );
}

/**
 * The heading of one task's group in the inbox: the task (a link to it), how many of its
 * changes wait, the agent's one-line summary of the task (why, next to what), and Confirm
 * all, which ignores taps for a moment after it appears or moves. It is not greyed then:
 * the virtual list mounts headings as it scrolls, and greying each would make them flicker.
 */
import { Link } from 'react-router';
import type { InboxRow } from '../../../db/queries/review-proposals';
import { Button } from '../../../ui/button';
import { useArmedAfter } from '../../../ui/use-armed-after';

export function InboxGroupHeading({
  row,
  placedAt,
  running,
  onConfirmAll,
}: {
  row: InboxRow;
  /** Where the group starts in the list (px): Confirm all ignores taps for a moment when it moves. */
  placedAt: number;
  running: boolean;
  onConfirmAll(): void;
}) {
  const title = row.taskTitle || 'Untitled task';
  const armed = useArmedAfter(row.groupWaiting > 1, placedAt);
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
          disabled={running}
          onClick={() => {
            if (armed) onConfirmAll();
          }}
        >
          Confirm all {row.groupWaiting}
        </Button>
      )}
      {row.reportOneLiner && <p className="review-group__why muted">{row.reportOneLiner}</p>}
    </div>
  );
}

/**
 * The inbox's task heading that stays in view: once a task's own heading has scrolled up
 * under the status bar while its rows are still on screen, a copy of it (the task, how
 * many wait, the agent's one-line summary) stands under the status bar, so the "why" stays
 * beside the rows it explains. It holds no button: what it names changes as the list
 * scrolls, and a Confirm all there could land on another task than the one the eye saw.
 */
import { Link } from 'react-router';
import type { InboxRow } from '../../../db/queries/review-proposals';

/** The part of a virtual item this needs (from @tanstack/react-virtual). */
interface Placed {
  index: number;
  start: number;
  end: number;
}

/** How far below a group's start its own heading has fully gone from view (px). */
const HEADING_GONE = 24;

/**
 * The row whose task heading should stand stuck: the row at the line under the status bar
 * (`line`, in the list's own pixels), when its task's heading is above that line.
 */
export function stuckRowAt(
  placed: readonly Placed[],
  line: number,
  rowAt: (virtualIndex: number) => InboxRow | undefined,
): InboxRow | undefined {
  const at = placed.find((item) => item.end > line);
  if (!at || at.start > line) return undefined;
  const row = rowAt(at.index);
  if (!row) return undefined;
  if (row.startsGroup && line - at.start < HEADING_GONE) return undefined;
  return row;
}

/** The status bar's height (review.css), which the stuck heading stands under. */
export function statusBarHeight(): number {
  if (typeof document === 'undefined') return 0;
  const value = getComputedStyle(document.documentElement).getPropertyValue(
    '--review-status-height',
  );
  return Number.parseFloat(value) || 0;
}

export function InboxStuckHeading({ row }: { row: InboxRow | undefined }) {
  if (!row) return null;
  const title = row.taskTitle || 'Untitled task';
  return (
    // A copy for the eye: screen readers and the keyboard have the heading in the list.
    <div className="review-inbox__stuck" aria-hidden="true">
      <p className="review-inbox__stuck-title">
        <Link to={`/tasks/${encodeURIComponent(row.entry.taskId)}`} tabIndex={-1}>
          {title}
        </Link>{' '}
        <span className="muted review-group__count">({row.groupWaiting})</span>
      </p>
      {row.reportOneLiner && <p className="review-inbox__stuck-why muted">{row.reportOneLiner}</p>}
    </div>
  );
}

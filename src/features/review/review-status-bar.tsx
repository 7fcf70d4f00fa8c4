/**
 * A list's status bar, above its rows and stuck to the top of the screen while they scroll:
 * what Confirm all is doing, what the last action did (with Undo), or how to use the list.
 * It keeps one height whatever it says, so nothing below it ever moves, and it is where
 * a confirmation's message goes instead of a toast over the next row.
 */
import { Button } from '../../ui/button';
import type { LastAction } from './use-review-actions';

export interface ReviewStatusBarProps {
  /** While Confirm all runs: how many changes it applies. */
  applying: number | undefined;
  last: LastAction | undefined;
  /** What to say when nothing happened yet (how to use the list). */
  idle: string;
  /** A rejection whose reason prompt is open: the prompt offers its Undo, so this does not. */
  undoOfferedFor?: string | undefined;
  onUndo(decisionIds: string[]): void;
}

export function ReviewStatusBar({
  applying,
  last,
  idle,
  undoOfferedFor,
  onUndo,
}: ReviewStatusBarProps) {
  const undoable = last?.decisionIds?.filter((id) => id !== undoOfferedFor) ?? [];
  const message =
    applying !== undefined
      ? `Applying ${applying} change${applying === 1 ? '' : 's'}…`
      : (last?.message ?? '');
  const tone = applying !== undefined ? 'info' : (last?.tone ?? 'idle');
  return (
    <div className={`review-status review-status--${tone}`}>
      <p className="review-status__text" role="status" title={message || undefined}>
        {message || <span className="review-status__idle">{idle}</span>}
      </p>
      {applying === undefined && undoable.length > 0 && (
        <Button size="small" onClick={() => onUndo(undoable)}>
          Undo
        </Button>
      )}
    </div>
  );
}

/**
 * A list's status bar, above its rows and stuck to the top of the screen while they scroll:
 * what Confirm all is doing, what the last action did (with Undo), or how to use the list.
 * It keeps one height whatever it says, so nothing below it ever moves, and it is where
 * a confirmation's message goes instead of a toast over the next row.
 *
 * The last action's decisions are watched: one taken back by sync (another device decided
 * the item first), undone on another device, or left on a task deleted since loses its
 * Undo, and the message says what became of it instead of offering an Undo that cannot.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../../../db/connection';
import { readDecisionStandings, type DecisionStanding } from '../../../db/queries/review-proposals';
import { Button } from '../../../ui/button';
import type { LastAction } from '../actions/review-actions-state';

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

const SINCE: Record<Exclude<DecisionStanding, 'standing'>, string> = {
  'taken-back': 'Taken back: another device decided it first.',
  undone: 'Since undone on another device.',
  'task-deleted': 'Its task has since been deleted.',
};

export function ReviewStatusBar({
  applying,
  last,
  idle,
  undoOfferedFor,
  onUndo,
}: ReviewStatusBarProps) {
  const decisionIds = last?.decisionIds;
  const standings = useLiveQuery(
    () => (decisionIds?.length ? readDecisionStandings(getDatabase(), decisionIds) : undefined),
    [decisionIds],
  );
  // Until the first read answers, the Undo stays: it was offered with the message.
  const stands = (id: string) => (standings?.get(id) ?? 'standing') === 'standing';
  const undoable = decisionIds?.filter((id) => stands(id) && id !== undoOfferedFor) ?? [];
  // None of them stands any more: the first says what became of them.
  const first = decisionIds?.[0];
  const gone = first && !decisionIds.some(stands) ? standings?.get(first) : undefined;
  const fallen = gone === 'standing' ? undefined : gone;
  const said = fallen ? `${last?.message ?? ''} ${SINCE[fallen]}` : (last?.message ?? '');
  const message =
    applying !== undefined ? `Applying ${applying} change${applying === 1 ? '' : 's'}…` : said;
  const tone = applying !== undefined ? 'info' : fallen ? 'warning' : (last?.tone ?? 'idle');
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

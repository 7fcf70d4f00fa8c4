/**
 * "Review history" under the task's proposals, collapsed by default: what became of each
 * proposal, newest first, with a text chip (Confirmed, Rejected, Not reviewed, Failed,
 * Undone), who decided (you, or a trusted-tool rule) and when, the reason given or the
 * error met. A confirmed change can be undone from here too.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { getDatabase } from '../../../db/connection';
import {
  listReviewHistory,
  type ReviewHistoryEntry,
  type ReviewOutcome,
} from '../../../db/queries/review-proposals';
import { undoDecision } from '../../../confirmation/undo-decision';
import { Button } from '../../../ui/button';
import { Notice } from '../../../ui/notice';
import { showToast } from '../../../ui/toast-store';
import { describeChangedValues } from '../../../lib/describe-changed-values';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { reviewKind } from '../../../tools/registry';
import '../review.css';

const OUTCOMES: Record<ReviewOutcome, { label: string; icon: string }> = {
  confirmed: { label: 'Confirmed', icon: '✓' },
  rejected: { label: 'Rejected', icon: '✗' },
  expired: { label: 'Not reviewed', icon: '◷' },
  failed: { label: 'Failed', icon: '!' },
  undone: { label: 'Undone', icon: '↶' },
  retracted: { label: 'Withdrawn', icon: '–' },
};

const PAGE_SIZE = 30;

function who(actor: ReviewHistoryEntry['actor']): string {
  switch (actor) {
    case 'user':
      return 'you';
    case 'rule':
      return 'rule (trusted tool)';
    case 'agent':
      return 'the agent';
    default:
      return 'the app';
  }
}

function byline(entry: ReviewHistoryEntry): string {
  const when = formatTimestamp(entry.at);
  switch (entry.outcome) {
    case 'expired':
      return `Not reviewed in time · expired ${when}`;
    case 'failed':
      return `Failed ${when}`;
    case 'undone':
      return `By ${who(entry.actor)}, undone ${when}`;
    case 'retracted':
      return `Withdrawn by the agent · ${when}`;
    default:
      return `By ${who(entry.actor)} · ${when}`;
  }
}

function HistoryRow({ entry }: { entry: ReviewHistoryEntry }) {
  const [undoing, setUndoing] = useState(false);
  const [problem, setProblem] = useState<string>();
  const edited = entry.outcome === 'confirmed' ? entry.edited : undefined;
  const outcome = edited ? { label: 'Confirmed with changes', icon: '✎' } : OUTCOMES[entry.outcome];
  const canUndo = entry.outcome === 'confirmed' && entry.decisionId !== undefined;

  async function undo(decisionId: string) {
    setUndoing(true);
    setProblem(undefined);
    try {
      const result = await undoDecision(getDatabase(), decisionId);
      if (result.status === 'undone') showToast({ message: result.message });
      else setProblem(result.message);
    } catch (error) {
      setProblem(`That did not work: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setUndoing(false);
    }
  }

  return (
    <li className="review-history__entry">
      <div className="review-history__main">
        <span className={`review-chip review-chip--${entry.outcome}`}>
          <span aria-hidden="true">{outcome.icon}</span> {outcome.label}
        </span>
        <span className="review-history__summary">
          <span className="review-row__kind">{reviewKind(entry.toolName)}</span>
          {' · '}
          {entry.summary}
        </span>
        {canUndo && (
          <Button
            size="small"
            className="review-history__undo"
            aria-label={`Undo: ${entry.summary}`}
            disabled={undoing}
            onClick={() => void undo(entry.decisionId!)}
          >
            Undo
          </Button>
        )}
      </div>
      <p className="review-history__meta muted">
        <time dateTime={entry.at}>{byline(entry)}</time>
        {entry.onOtherDevice && ' · on your other device'}
      </p>
      {entry.edited && (
        <p className="review-history__detail">
          {entry.onOtherDevice ? 'Changed' : 'You changed'}{' '}
          {describeChangedValues(entry.edited.proposed, entry.edited.applied)}
        </p>
      )}
      {entry.rejectionReason && (
        <p className="review-history__detail">Reason: {entry.rejectionReason}</p>
      )}
      {entry.error && <p className="review-history__detail">Error: {entry.error}</p>}
      {problem && <Notice tone="error">{problem}</Notice>}
    </li>
  );
}

export function ChangeHistory({ taskId }: { taskId: string }) {
  const entries = useLiveQuery(() => listReviewHistory(getDatabase(), taskId), [taskId]);
  const [shown, setShown] = useState(PAGE_SIZE);
  if (!entries || entries.length === 0) return null;
  return (
    <section className="card review-history" aria-label="Review history">
      <details>
        <summary className="disclosure review-history__toggle">
          <span className="review-history__title">Review history</span>{' '}
          <span className="muted">({entries.length})</span>
        </summary>
        <ul className="review-history__list">
          {entries.slice(0, shown).map((entry) => (
            <HistoryRow key={entry.key} entry={entry} />
          ))}
        </ul>
        {entries.length > shown && (
          <Button size="small" onClick={() => setShown((count) => count + PAGE_SIZE * 2)}>
            Show older ({entries.length - shown} more)
          </Button>
        )}
      </details>
    </section>
  );
}

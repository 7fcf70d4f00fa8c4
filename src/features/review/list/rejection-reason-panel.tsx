/**
 * Shown in place of a row just rejected, in the row's own height: an optional reason
 * (quick chips, or a few words behind "Other…") that teaches the agent, and Undo. It
 * never closes by itself while on screen: it goes at the person's next action, with
 * Undo, or with its close button. It is a separate element, not an overlay, so it never
 * stands over the next row.
 */
import { useId, useState, type FormEvent } from 'react';
import { getDatabase } from '../../../db/connection';
import { setRejectionReason } from '../../../confirmation/reject-item';
import { Button } from '../../../ui/button';
import type { RecentRejection } from '../actions/review-actions-state';

const QUICK_REASONS = ['Wrong', 'Not now', 'Duplicate', 'Already done'] as const;
const REASON_MAX_LENGTH = 500;

export interface RejectionReasonPanelProps {
  rejection: RecentRejection;
  onDismiss(): void;
  onUndo(decisionId: string): void;
}

export function RejectionReasonPanel({ rejection, onDismiss, onUndo }: RejectionReasonPanelProps) {
  const headingId = useId();
  const [draft, setDraft] = useState('');
  const [writing, setWriting] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string>();
  const [error, setError] = useState<string>();

  async function save(reason: string) {
    const trimmed = reason.trim().slice(0, REASON_MAX_LENGTH);
    if (!trimmed) {
      setError('Write a few words, or pick one of the reasons.');
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      await setRejectionReason(getDatabase(), rejection.decisionId, trimmed);
      setSaved(trimmed);
      setWriting(false);
    } catch (cause) {
      setError(
        `The reason was not saved: ${cause instanceof Error ? cause.message : String(cause)}`,
      );
    } finally {
      setSaving(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save(draft);
  }

  const slot =
    saved !== undefined ? (
      <p className="review-rejection__saved" role="status">
        Reason saved: “{saved}”. The agent hears it on its next wake.
      </p>
    ) : writing ? (
      <form className="review-rejection__form" onSubmit={submit} noValidate>
        <label className="visually-hidden" htmlFor={`${headingId}-reason`}>
          Another reason
        </label>
        <input
          id={`${headingId}-reason`}
          className="field__control"
          placeholder="A few words for the agent…"
          maxLength={REASON_MAX_LENGTH}
          // The person asked to write: the field is theirs at once.
          autoFocus
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" disabled={saving}>
          Save reason
        </Button>
      </form>
    ) : (
      <div
        className="review-rejection__chips"
        role="group"
        aria-label="Why? Optional: it tells the agent"
      >
        <span className="review-rejection__ask muted" aria-hidden="true">
          Why?
        </span>
        {QUICK_REASONS.map((reason) => (
          <button
            key={reason}
            type="button"
            className="review-reason"
            disabled={saving}
            onClick={() => void save(reason)}
          >
            {reason}
          </button>
        ))}
        <button type="button" className="review-reason" onClick={() => setWriting(true)}>
          Other…
        </button>
      </div>
    );

  return (
    <div
      className="review-rejection"
      role="group"
      aria-labelledby={headingId}
      // Exactly the row's height, so nothing around it moves when the row turns into this
      // prompt: its parts sit on one line (two on a narrow row), and the reasons scroll
      // sideways within it rather than wrap.
      style={rejection.height ? { height: rejection.height } : undefined}
    >
      <div className="review-rejection__inner">
        <div className="review-rejection__header">
          <p id={headingId} className="review-rejection__title">
            <span className="review-chip review-chip--rejected">
              <span aria-hidden="true">✗</span> Rejected
            </span>{' '}
            {/* Named in the status bar too; here for the group's name and a wide row. */}
            <span className="review-rejection__what">{rejection.entry.item.humanSummary}</span>
          </p>
          <Button size="small" onClick={() => onUndo(rejection.decisionId)}>
            Undo
          </Button>
          <Button size="small" variant="quiet" aria-label="Close" onClick={onDismiss}>
            <span aria-hidden="true">✕</span>
          </Button>
        </div>
        <div className="review-rejection__slot">
          {error && (
            <p className="review-rejection__error" role="alert">
              {error}
            </p>
          )}
          {slot}
        </div>
      </div>
    </div>
  );
}

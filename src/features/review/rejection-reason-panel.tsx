/**
 * Shown in place of a row just rejected: an optional reason (quick chips or a few words)
 * that teaches the agent, and Undo. It goes away by itself after a few seconds (not while
 * the person is using it) or at the next action, and never stands in the way of the next
 * row: it is a separate element, not an overlay.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { getDatabase } from '../../db/connection';
import { setRejectionReason } from '../../confirmation/reject-item';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import type { RecentRejection } from './use-review-actions';

const QUICK_REASONS = ['Wrong', 'Not now', 'Duplicate', 'Already done'] as const;
const REASON_PROMPT_MS = 8000;
const SAVED_LINGER_MS = 2000;
const REASON_MAX_LENGTH = 500;

export interface RejectionReasonPanelProps {
  rejection: RecentRejection;
  onDismiss(): void;
  onUndo(decisionId: string): void;
}

export function RejectionReasonPanel({ rejection, onDismiss, onUndo }: RejectionReasonPanelProps) {
  const headingId = useId();
  const [draft, setDraft] = useState('');
  const [inUse, setInUse] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string>();
  const [error, setError] = useState<string>();
  const held = inUse || draft.trim() !== '' || saving;

  // The prompt waits while the person uses it; once a reason is saved it leaves shortly after.
  useEffect(() => {
    if (held && saved === undefined) return;
    const timer = setTimeout(onDismiss, saved === undefined ? REASON_PROMPT_MS : SAVED_LINGER_MS);
    return () => clearTimeout(timer);
  }, [held, saved, onDismiss]);

  async function save(reason: string) {
    const trimmed = reason.trim().slice(0, REASON_MAX_LENGTH);
    if (!trimmed) {
      setError('Write a few words, or pick one of the reasons above.');
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      await setRejectionReason(getDatabase(), rejection.decisionId, trimmed);
      setSaved(trimmed);
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

  return (
    <div
      className="review-rejection"
      role="group"
      aria-labelledby={headingId}
      onFocus={() => setInUse(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setInUse(false);
      }}
    >
      <div className="review-rejection__header">
        <p id={headingId} className="review-rejection__title">
          <span className="review-chip review-chip--rejected">
            <span aria-hidden="true">✗</span> Rejected
          </span>{' '}
          {rejection.entry.item.humanSummary}
        </p>
        <Button size="small" onClick={() => onUndo(rejection.decisionId)}>
          Undo
        </Button>
        <Button size="small" variant="quiet" aria-label="Close" onClick={onDismiss}>
          <span aria-hidden="true">✕</span>
        </Button>
      </div>
      {saved !== undefined ? (
        <p className="review-rejection__saved" role="status">
          Reason saved: “{saved}”
        </p>
      ) : (
        <>
          <p className="review-rejection__ask muted">Why? Optional: it tells the agent.</p>
          <div className="review-rejection__chips" role="group" aria-label="Reasons">
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
          </div>
          <form className="review-rejection__form" onSubmit={submit} noValidate>
            <label className="visually-hidden" htmlFor={`${headingId}-reason`}>
              Another reason
            </label>
            <input
              id={`${headingId}-reason`}
              className="field__control"
              placeholder="Another reason…"
              maxLength={REASON_MAX_LENGTH}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
            <Button type="submit" disabled={saving}>
              Save reason
            </Button>
          </form>
          {error && <Notice tone="error">{error}</Notice>}
        </>
      )}
    </div>
  );
}

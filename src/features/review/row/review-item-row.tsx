/**
 * One proposed change, shared by the task card and the Review inbox: kind and summary,
 * before → after on the task as it is now, Confirm and Reject buttons that name the change,
 * and a swipe (right confirms, left rejects) for fingers. A change the person made since
 * the proposal turns Confirm into "Apply anyway", and then a swipe only points at that button.
 * One tap is one decision: from its decision until it has left, and for a moment after
 * the list moved it under the finger, its buttons and its swipe ignore touch and pointer.
 */
import { memo, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PendingReviewItem } from '../../../db/queries/review-proposals';
import type { DecisionMethod } from '../../../domain/change-set';
import { Button } from '../../../ui/button';
import { Notice } from '../../../ui/notice';
import { tapTooSoon, useSteadyUnderFinger } from '../../../ui/use-motion-watch';
import { reviewKind } from '../../../tools/registry';
import { EditProposalSheet } from './edit-proposal-sheet';
import { editFieldsOf } from './edit-fields';
import { useItemView } from './item-view';
import { useHeldWhile } from './use-held-while';
import { isEditableTarget } from './row-elements';
import { shownPhase, type ListPhase } from './row-lifecycle';
import {
  followsFinger,
  pastThreshold,
  useSwipeToDecide,
  type SwipeDirection,
} from './use-swipe-to-decide';

export interface ReviewItemRowProps {
  entry: PendingReviewItem;
  /** While this row's action runs: its buttons are disabled and swipes are ignored. */
  busy: boolean;
  /** The list's phase of the row: from its decision until it has left, it keeps showing what was decided on. */
  phase?: ListPhase;
  /** The service's message after an action that did not succeed. */
  notice: string | undefined;
  /** Resolve true when the row is leaving the list (the item was decided). */
  onConfirm(
    entry: PendingReviewItem,
    options: { applyAnyway: boolean; edited?: Record<string, unknown>; method?: DecisionMethod },
  ): Promise<boolean>;
  onReject(entry: PendingReviewItem, method: DecisionMethod): Promise<boolean>;
  /** `y` confirms, `n` rejects and `e` edits while focus is in the row (the inbox). */
  keyboardShortcuts?: boolean;
  tabIndex?: number;
  onFocus?: (entry: PendingReviewItem) => void;
  /** The id of a notice that says why nothing can be applied now: Confirm points at it and does nothing. */
  confirmBlockedBy?: string;
  /** A swipe decided the row (not a button): the swipe hint has done its job. */
  onSwiped?: () => void;
}

/** Words beside the colour: what releasing the row now would do. */
function intentText(direction: SwipeDirection | undefined, stale: boolean) {
  if (direction === 'right') return stale ? 'Check first' : 'Confirm';
  return 'Reject';
}

/**
 * Memoized: a list passes it stable handlers and plain values, so the state updates of one
 * row's decision (busy, leaving) re-render that row only, not every row on the screen.
 */
export const ReviewItemRow = memo(function ReviewItemRow({
  entry,
  busy,
  phase,
  notice,
  onConfirm,
  onReject,
  keyboardShortcuts = false,
  tabIndex = -1,
  onFocus,
  confirmBlockedBy,
  onSwiped,
}: ReviewItemRowProps) {
  const blocked = confirmBlockedBy !== undefined;
  const decided = phase !== undefined;
  const summaryId = useId();
  const { item } = entry;
  const summary = item.humanSummary;
  const view = useHeldWhile(useItemView(entry.taskId, item), decided);
  const stale = view?.stale ?? false;
  // Counts the times a swipe or `y` asked to apply a changed item: each one points at
  // Apply anyway (and moves the focus there) instead of applying.
  const [applyAnywayAsked, setApplyAnywayAsked] = useState(0);
  const applyButton = useRef<HTMLButtonElement>(null);
  const editable = editFieldsOf(item).length > 0;
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (applyAnywayAsked > 0) applyButton.current?.focus();
  }, [applyAnywayAsked]);

  const showApplyAnyway = () => setApplyAnywayAsked((count) => count + 1);

  const { ref: watchRef, steady } = useSteadyUnderFinger();
  const { ref: swipeRef, view: swipe } = useSwipeToDecide({
    disabled: busy,
    ready: (touchedAt) => !decided && steady(touchedAt),
    held: decided,
    async onSwiped(direction) {
      if (direction === 'left') {
        onSwiped?.();
        return onReject(entry, 'swipe');
      }
      if (blocked) return false;
      if (stale) {
        showApplyAnyway();
        return false;
      }
      onSwiped?.();
      return onConfirm(entry, { applyAnyway: false, method: 'swipe' });
    },
  });

  const ref = useCallback(
    (node: HTMLElement | null) => {
      const stopSwipe = swipeRef(node);
      const stopWatch = watchRef(node);
      return () => {
        stopSwipe?.();
        stopWatch?.();
      };
    },
    [swipeRef, watchRef],
  );
  // A row whose decision is made and leaving takes no second one, whatever the input.
  const tappedTooSoon = (event: { detail: number; nativeEvent: Event }) =>
    decided || tapTooSoon(event, steady);

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (!keyboardShortcuts || event.defaultPrevented) return;
    if (event.ctrlKey || event.metaKey || event.altKey || isEditableTarget(event.target)) return;
    if (event.key === 'y') {
      event.preventDefault();
      if (busy || blocked) return;
      if (stale) showApplyAnyway();
      else void onConfirm(entry, { applyAnyway: false, method: 'keyboard' });
    } else if (event.key === 'n') {
      event.preventDefault();
      if (!busy) void onReject(entry, 'keyboard');
    } else if (event.key === 'e') {
      event.preventDefault();
      if (!busy && editable) setEditing(true);
    }
  }

  const classes = [
    'review-row',
    stale && 'review-row--stale',
    busy && 'review-row--busy',
    swipe.direction && `review-row--swiping-${swipe.direction}`,
    pastThreshold(swipe) && 'review-row--armed',
  ]
    .filter(Boolean)
    .join(' ');

  const confirmLabel = stale ? 'Apply anyway' : 'Confirm';

  return (
    <article
      ref={ref}
      className={classes}
      aria-labelledby={summaryId}
      aria-busy={busy || undefined}
      tabIndex={tabIndex}
      onFocus={onFocus && (() => onFocus(entry))}
      onKeyDown={handleKeyDown}
      data-review-key={entry.key}
      data-phase={shownPhase(phase, swipe.phase)}
    >
      <div className="review-row__backdrop" aria-hidden="true">
        {swipe.direction === 'right' && (
          <span className="review-row__intent review-row__intent--confirm">
            <span className="review-row__intent-icon">{stale ? '!' : '✓'}</span>
            {intentText('right', stale)}
          </span>
        )}
        {swipe.direction === 'left' && (
          <span className="review-row__intent review-row__intent--reject">
            {intentText('left', stale)}
            <span className="review-row__intent-icon">✗</span>
          </span>
        )}
      </div>
      <div
        className={`review-row__surface${followsFinger(swipe) ? ' review-row__surface--dragging' : ''}`}
        style={swipe.offset !== 0 ? { transform: `translateX(${swipe.offset}px)` } : undefined}
      >
        <div className="review-row__body">
          {/* The row's name: the change in words, for screen readers and for finding it. */}
          <p id={summaryId} className="visually-hidden">
            {reviewKind(item.toolName)} · {summary}
          </p>
          <p className="review-row__kind" aria-hidden="true">
            {reviewKind(item.toolName)}
          </p>
          {view?.preview ? (
            <p className="review-row__change">
              {view.preview.before && (
                <>
                  <span className="visually-hidden">Now: </span>
                  <span className="review-row__before">{view.preview.before}</span>
                  <span className="review-row__arrow" aria-hidden="true">
                    →
                  </span>
                  <span className="visually-hidden">, after: </span>
                </>
              )}
              {editable ? (
                <button
                  type="button"
                  className="review-row__edit"
                  disabled={busy}
                  onClick={() => setEditing(true)}
                >
                  {/* Named by what it shows, so a voice command of the visible words finds it. */}
                  <span className="visually-hidden">Edit before confirming: </span>
                  <strong className="review-row__after">{view.preview.after}</strong>
                  <span className="review-row__edit-icon" aria-hidden="true">
                    ✎
                  </span>
                </button>
              ) : (
                <strong className="review-row__after">{view.preview.after}</strong>
              )}
              {view.preview.note && (
                <span className="review-row__note"> · {view.preview.note}</span>
              )}
            </p>
          ) : (
            // Until the preview is read (or when there is none), the change in words. For an
            // editable change, as tall as the preview's Edit button will make the line, so
            // the preview arriving moves nothing below it.
            <p className={`review-row__change${editable ? ' review-row__change--reserved' : ''}`}>
              <strong className="review-row__after">{summary}</strong>
            </p>
          )}
          {item.rationale && <p className="review-row__why">{item.rationale}</p>}
          {entry.fromOtherDevice && (
            <p className="review-row__origin">Proposed on your other device</p>
          )}
          {view?.previewProblem && (
            <p className="review-row__problem">Preview unavailable: {view.previewProblem}</p>
          )}
          {view?.staleNote && (
            <p className="review-row__stale">
              <span className="review-row__stale-icon" aria-hidden="true">
                !
              </span>
              {view.staleNote}
            </p>
          )}
          {stale && applyAnywayAsked > 0 && (
            <p className="review-row__hint" role="status">
              This changed since it was proposed, so a swipe does not apply it. Check the values,
              then choose Apply anyway.
            </p>
          )}
          {notice && <Notice tone="error">{notice}</Notice>}
        </div>
        <div className="review-row__actions">
          <Button
            ref={applyButton}
            variant={stale ? 'default' : 'primary'}
            className={stale ? 'review-row__apply-anyway' : undefined}
            aria-label={`${confirmLabel}: ${summary}`}
            aria-disabled={blocked || undefined}
            aria-describedby={confirmBlockedBy}
            disabled={busy}
            onClick={(event) => {
              if (!blocked && !tappedTooSoon(event))
                void onConfirm(entry, { applyAnyway: stale, method: 'button' });
            }}
          >
            <span aria-hidden="true">{stale ? '!' : '✓'}</span>
            {confirmLabel}
          </Button>
          <Button
            variant="danger"
            aria-label={`Reject: ${summary}`}
            disabled={busy}
            onClick={(event) => {
              if (!tappedTooSoon(event)) void onReject(entry, 'button');
            }}
          >
            <span aria-hidden="true">✗</span>
            Reject
          </Button>
        </div>
      </div>
      {editing && (
        <EditProposalSheet
          entry={entry}
          stale={stale}
          notice={notice}
          onCancel={() => setEditing(false)}
          onConfirm={async (edited, applyAnyway) => {
            const left = await onConfirm(entry, { applyAnyway, edited, method: 'button' });
            if (left) setEditing(false);
            return left;
          }}
        />
      )}
    </article>
  );
});

/**
 * The items of one batch proposal (four checklist items to add) as one group: what it
 * adds, in a short list, with Confirm N and Reject N for the lot, and its own control to
 * show each item as a row of its own, each its own decision and swipeable on its own.
 * Nothing else on the group toggles it.
 */
import { useId, useState, type ReactNode } from 'react';
import type { PendingReviewItem } from '../../db/queries/proposals';
import { reviewKind } from '../../tools/registry';
import { Button } from '../../ui/button';

export interface ReviewItemGroupProps {
  entries: PendingReviewItem[];
  /** While an action on the group runs. */
  busy: boolean;
  /** Set when nothing can be applied now (the id of the notice saying why). */
  confirmBlockedBy?: string;
  onConfirmAll(entries: PendingReviewItem[]): void;
  onRejectAll(entries: PendingReviewItem[]): void;
  renderItem(entry: PendingReviewItem): ReactNode;
}

export function ReviewItemGroup({
  entries,
  busy,
  confirmBlockedBy,
  onConfirmAll,
  onRejectAll,
  renderItem,
}: ReviewItemGroupProps) {
  const headingId = useId();
  const itemsId = useId();
  const [expanded, setExpanded] = useState(false);
  const first = entries[0]!;
  const kind = reviewKind(first.item.toolName);
  const count = entries.length;

  return (
    <section className="review-group-card" aria-labelledby={headingId}>
      <div className="review-group-card__header">
        <h3 id={headingId} className="review-group-card__title">
          <span className="review-row__kind">{kind}</span> · {count} changes in one proposal
        </h3>
        <Button
          size="small"
          variant="quiet"
          aria-expanded={expanded}
          aria-controls={itemsId}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Hide the items' : `Review each (${count})`}
        </Button>
      </div>
      {first.item.rationale && <p className="review-row__why">{first.item.rationale}</p>}
      <div id={itemsId}>
        {expanded ? (
          <ul className="review-list">
            {entries.map((entry) => (
              <li key={entry.key} className="review-list__item">
                {renderItem(entry)}
              </li>
            ))}
          </ul>
        ) : (
          <ul className="review-group-card__summaries">
            {entries.map((entry) => (
              <li key={entry.key}>{entry.item.humanSummary}</li>
            ))}
          </ul>
        )}
      </div>
      {!expanded && (
        <div className="review-row__actions review-group-card__actions">
          <Button
            variant="primary"
            disabled={busy}
            aria-disabled={confirmBlockedBy !== undefined || undefined}
            aria-describedby={confirmBlockedBy}
            onClick={() => {
              if (confirmBlockedBy === undefined) onConfirmAll(entries);
            }}
          >
            <span aria-hidden="true">✓</span>
            Confirm {count}
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => onRejectAll(entries)}>
            <span aria-hidden="true">✗</span>
            Reject {count}
          </Button>
        </div>
      )}
    </section>
  );
}

/**
 * A list's rows with the reason prompt of the latest rejection in the place its row had,
 * whether or not the live list has dropped the rejected item yet.
 */
import type { PendingReviewItem } from '../../../db/queries/review-proposals';
import type { RecentRejection } from '../actions/review-actions-state';

export type ReviewListEntry =
  | { type: 'item'; key: string; entry: PendingReviewItem }
  | { type: 'rejection'; key: string; rejection: RecentRejection };

/** The order the queries return items in: by set (oldest first), then by position in the set. */
function compareItems(a: PendingReviewItem, b: PendingReviewItem): number {
  return (
    a.proposedAt.localeCompare(b.proposedAt) ||
    a.changeSetId.localeCompare(b.changeSetId) ||
    a.itemIndex - b.itemIndex
  );
}

export function withRejection(
  items: readonly PendingReviewItem[],
  rejection: RecentRejection | undefined,
): ReviewListEntry[] {
  const rejected = rejection?.entry.key;
  const kept: ReviewListEntry[] = items
    .filter((entry) => entry.key !== rejected)
    .map((entry) => ({ type: 'item', key: entry.key, entry }));
  if (!rejection) return kept;
  const at = kept.findIndex(
    (row) => row.type === 'item' && compareItems(row.entry, rejection.entry) > 0,
  );
  kept.splice(at === -1 ? kept.length : at, 0, {
    type: 'rejection',
    key: `rejected:${rejected}`,
    rejection,
  });
  return kept;
}

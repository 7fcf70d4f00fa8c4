/**
 * A list's rows with the reason prompt of the latest rejection in the place its row had,
 * whether or not the live list has dropped the rejected item yet.
 */
import type { PendingReviewItem } from '../../db/queries/proposals';
import type { RecentRejection } from './use-review-actions';

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
  const rows: ReviewListEntry[] = items
    .filter((entry) => entry.key !== rejection?.entry.key)
    .map((entry) => ({ type: 'item', key: entry.key, entry }));
  if (!rejection) return rows;
  const at = rows.findIndex(
    (row) => row.type === 'item' && compareItems(row.entry, rejection.entry) > 0,
  );
  const prompt: ReviewListEntry = {
    type: 'rejection',
    key: `rejected:${rejection.entry.key}`,
    rejection,
  };
  rows.splice(at === -1 ? rows.length : at, 0, prompt);
  return rows;
}

/** The item to move the focus to when `key` leaves: the next one, else the one before. */
export function neighbourKey(items: readonly { key: string }[], key: string): string | undefined {
  const index = items.findIndex((item) => item.key === key);
  if (index === -1) return undefined;
  return items[index + 1]?.key ?? items[index - 1]?.key;
}

/**
 * A list's rows with the reason prompt of the latest rejection in the place its row had,
 * whether or not the live list has dropped the rejected item yet.
 */
import type { PendingReviewItem } from '../../db/queries/proposals';
import type { ListRow } from './group-rows';
import type { RecentRejection } from './use-review-actions';

export type ReviewListEntry =
  ListRow | { type: 'rejection'; key: string; rejection: RecentRejection };

/** The order the queries return items in: by set (oldest first), then by position in the set. */
function compareItems(a: PendingReviewItem, b: PendingReviewItem): number {
  return (
    a.proposedAt.localeCompare(b.proposedAt) ||
    a.changeSetId.localeCompare(b.changeSetId) ||
    a.itemIndex - b.itemIndex
  );
}

const firstEntry = (row: ListRow) => (row.type === 'item' ? row.entry : row.entries[0]!);

export function withRejection(
  rows: readonly ListRow[],
  rejection: RecentRejection | undefined,
): ReviewListEntry[] {
  if (!rejection) return [...rows];
  const rejected = rejection.entry.key;
  const kept: ListRow[] = rows.flatMap((row): ListRow[] => {
    if (row.type === 'item') return row.key === rejected ? [] : [row];
    const entries = row.entries.filter((entry) => entry.key !== rejected);
    if (entries.length === 0) return [];
    if (entries.length === 1) return [{ type: 'item', key: entries[0]!.key, entry: entries[0]! }];
    return [{ ...row, entries }];
  });
  const at = kept.findIndex((row) => compareItems(firstEntry(row), rejection.entry) > 0);
  const prompt: ReviewListEntry = { type: 'rejection', key: `rejected:${rejected}`, rejection };
  const result: ReviewListEntry[] = [...kept];
  result.splice(at === -1 ? result.length : at, 0, prompt);
  return result;
}

/** How many proposals wait for review, for the badge on the "Review" nav link: one maintained row. */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../../../db/connection';
import { countPendingItems, type PendingCounts } from '../../../db/tallies';
import '../review.css';

/** Undefined until the first read. */
export function usePendingReviewCounts(): PendingCounts | undefined {
  return useLiveQuery(() => countPendingItems(getDatabase()), []);
}

/** `3` in a badge named "3 pending"; nothing at 0. */
export function ReviewNavBadge() {
  const count = usePendingReviewCounts()?.items;
  if (!count) return null;
  return (
    // role="img" lets the badge carry a name of its own, which the link's name includes.
    <span className="badge" role="img" aria-label={`${count} pending`}>
      {count > 999 ? '999+' : count}
    </span>
  );
}

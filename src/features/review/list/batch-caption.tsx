/**
 * The caption over the rows of one batch proposal, the same on the task's card and in the
 * inbox: its kind, that the rows under it came in one proposal, and the agent's reason for
 * it. The rows under it carry a rule down their left side (`review-batch__item`).
 */
import type { PendingReviewItem } from '../../../db/queries/review-proposals';
import { reviewKind } from '../../../tools/registry';

export function BatchCaption({ entry }: { entry: PendingReviewItem }) {
  return (
    <p className="review-batch__caption">
      {reviewKind(entry.item.toolName)} · several changes in one proposal
      {entry.item.rationale ? ` · ${entry.item.rationale}` : ''}
    </p>
  );
}

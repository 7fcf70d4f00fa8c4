import { EmptyState } from '../../ui/empty-state';

export function ReviewPage() {
  return (
    <section aria-labelledby="review-heading">
      <h1 id="review-heading">Review</h1>
      <EmptyState title="Nothing to review">
        <p>
          When the agent proposes changes to a task, they wait here for you to confirm or reject
          them.
        </p>
      </EmptyState>
    </section>
  );
}

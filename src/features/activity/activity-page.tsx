import { EmptyState } from '../../ui/empty-state';

export function ActivityPage() {
  return (
    <section aria-labelledby="activity-heading">
      <h1 id="activity-heading">Activity</h1>
      <EmptyState title="No activity yet">
        <p>Every change to your journal, by you or the agent, will be listed here.</p>
      </EmptyState>
    </section>
  );
}

import type { StatusChange } from '../../domain/task';
import { StatusChip } from './status-chip';
import { formatTimestamp } from '../../lib/format-timestamp';

/** Every status the task has had, newest first, with why, who and when. */
export function StatusHistory({ history }: { history: readonly StatusChange[] }) {
  // Sorted by time rather than reversed: imported or synced histories may arrive out of order.
  const newestFirst = history
    .map((change, index) => ({ change, index }))
    .sort((a, b) => b.change.at.localeCompare(a.change.at) || b.index - a.index)
    .map(({ change }) => change);
  return (
    <section className="status-history card stack" aria-labelledby="status-history-heading">
      <h2 id="status-history-heading">Status history</h2>
      {newestFirst.length === 0 ? (
        <p className="muted">No status changes yet.</p>
      ) : (
        <ol className="status-history__list">
          {newestFirst.map((change, index) => (
            <li key={`${change.at}-${index}`} className="status-history__item">
              <StatusChip status={change.status} />
              <span className="status-history__when muted">
                {change.by === 'agent' ? 'by the agent' : 'by you'},{' '}
                <time dateTime={change.at}>{formatTimestamp(change.at)}</time>
              </span>
              {change.reason && <p className="status-history__reason">{change.reason}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

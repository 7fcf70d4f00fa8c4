/**
 * Settings → Agent → How it went: per kind of change, how often the
 * person confirmed it, confirmed it with changes, rejected it, let a rule apply it or let
 * it expire, and the median time to decide; then the wakes of the last 30 days. Read
 * from running totals and the wakes' date index, never the whole history.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';
import { getDatabase } from '../../db/connection';
import { readDecisionStats } from '../../db/decision-stats';
import { listRecentWakes } from '../../db/recent-wakes';
import { formatDuration } from '../../lib/format-duration';
import { formatTimestamp } from '../../lib/format-timestamp';
import { reviewKind } from '../../tools/registry';

const WAKE_OUTCOMES: Record<string, string> = {
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  running: 'Running',
};

function DecisionTable() {
  const stats = useLiveQuery(() => readDecisionStats(getDatabase()), []);
  if (stats === undefined) return <p className="muted">Loading…</p>;
  if (stats.length === 0) return <p className="muted">No decisions yet.</p>;
  return (
    <div className="agent-stats__scroll">
      <table className="agent-stats__table">
        <caption className="visually-hidden">Decisions per kind of change</caption>
        <thead>
          <tr>
            <th scope="col">Change</th>
            <th scope="col">Confirmed</th>
            <th scope="col">With changes</th>
            <th scope="col">Rejected</th>
            <th scope="col">By rule</th>
            <th scope="col">Expired</th>
            <th scope="col">Median time to decide</th>
          </tr>
        </thead>
        <tbody>
          {stats.map(({ toolName, counts, medianMs }) => (
            <tr key={toolName}>
              <th scope="row">
                {reviewKind(toolName)}
                <span className="visually-hidden"> ({toolName})</span>
              </th>
              <td>{counts.confirmed}</td>
              <td>{counts.edited}</td>
              <td>{counts.rejected}</td>
              <td>{counts.rule}</td>
              <td>{counts.expired}</td>
              <td>{medianMs === undefined ? '–' : `about ${formatDuration(medianMs)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function WakeTable() {
  const wakes = useLiveQuery(() => listRecentWakes(getDatabase()), []);
  if (wakes === undefined) return <p className="muted">Loading…</p>;
  if (wakes.length === 0) return <p className="muted">No wakes in the last 30 days.</p>;
  return (
    <div className="agent-stats__scroll">
      <table className="agent-stats__table">
        <caption className="visually-hidden">Wakes of the last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Task</th>
            <th scope="col">Model</th>
            <th scope="col">Turns</th>
            <th scope="col">Calls</th>
            <th scope="col">Proposed</th>
            <th scope="col">Took</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {wakes.map(({ wake, taskTitle }) => (
            <tr key={wake.id}>
              <th scope="row">
                <time dateTime={wake.startedAt}>{formatTimestamp(wake.startedAt)}</time>
              </th>
              <td>{taskTitle ?? '(deleted task)'}</td>
              <td>{[wake.provider, wake.model].filter(Boolean).join(' · ') || '–'}</td>
              <td>{wake.turns ?? '–'}</td>
              <td>{wake.calls ?? '–'}</td>
              <td>{wake.proposed ?? 0}</td>
              <td>
                {wake.endedAt
                  ? formatDuration(Date.parse(wake.endedAt) - Date.parse(wake.startedAt))
                  : '–'}
              </td>
              <td>{WAKE_OUTCOMES[wake.status] ?? wake.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AgentStatsSection() {
  const headingId = useId();
  return (
    <section className="stack agent-stats" aria-labelledby={headingId}>
      <h3 id={headingId}>How it went</h3>
      <p className="muted">Counted on this device.</p>
      <h4>Your decisions, per kind of change</h4>
      <DecisionTable />
      <h4>Wakes of the last 30 days</h4>
      <WakeTable />
    </section>
  );
}

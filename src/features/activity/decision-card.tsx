import { useId } from 'react';
import type { TaskName } from '../../db/queries/activity-audit';
import type { RemoteDecision } from '../../db/queries/activity-remote-decisions';
import { ActivityBadges } from './activity-badge';
import { TaskLink } from './activity-entry-card';
import { ActivityTime } from './activity-time';
import { describeDecisions } from './describe-decision';

export interface DecisionCardProps {
  /** One decision, or the decisions of one Confirm all on one device. */
  decisions: readonly RemoteDecision[];
  deviceName: string;
  /** Names the device whose agent proposed them. */
  nameOf(deviceId: string): string;
  tasks: ReadonlyMap<string, TaskName>;
  /** Position in the list, so "Load older" can move focus to the first new entry. */
  index: number;
}

/**
 * A decision another device made, at the time it was made: who decided what on which
 * device (the heading says both), how, and on which task. The summary is the other device's words re-made here
 * from the arguments, rendered as text.
 */
export function DecisionCard({ decisions, deviceName, nameOf, tasks, index }: DecisionCardProps) {
  const headingId = useId();
  const words = describeDecisions(decisions, deviceName, nameOf);
  const first = decisions[0]!;
  return (
    <article
      className="card activity-entry__card activity-decision"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-entry-index={index}
    >
      <div className="activity-entry__top">
        <h3 id={headingId} className="activity-entry__summary">
          {words.title}
        </h3>
        <ActivityTime at={first.decidedAt} />
      </div>
      <div className="activity-entry__status">
        <ActivityBadges badges={words.badges} />
        <dl className="activity-entry__facts">
          {words.how && (
            <div>
              <dt>How</dt>
              <dd>{words.how}</dd>
            </div>
          )}
          <div className="activity-entry__task">
            <dt>Task</dt>
            <dd>
              <TaskLink taskId={first.taskId} tasks={tasks} />
            </dd>
          </div>
        </dl>
      </div>
      {words.note && <p className="activity-entry__note muted">{words.note}</p>}
      {words.items.length > 0 && (
        <ul className="activity-entry__items" aria-label="Decided items">
          {words.items.map((item) => (
            <li key={item.key} className="activity-item">
              <span className="activity-item__summary">{item.summary}</span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { TaskName } from '../../db/queries/activity-audit';
import { ActivityBadge, ActivityBadges } from './activity-badge';
import type { EntryWords } from './describe-entry';
import { ActivityTime } from './activity-time';
import { DisclosureButton } from '../../ui/disclosure-button';
import { EntryDetails } from './entry-details';
import type { ActivityEntry } from './group-activity';

export interface ActivityEntryCardProps {
  entry: ActivityEntry;
  words: EntryWords;
  tasks: ReadonlyMap<string, TaskName>;
  /** Position in the list, so "Load older" can move focus to the first new entry. */
  index?: number;
  /** A step inside a wake's group: a smaller heading, and the group names the task. */
  inWake?: boolean;
}

/**
 * One operation or note: who did what (the title), what came of it (badges, and the
 * answer when something went wrong), why the agent asked, and the task; the record itself
 * is behind "Details", which opens at the end of the card. Every string here was written by a person or a model, so it is
 * rendered as text.
 */
export function ActivityEntryCard({ entry, words, tasks, index, inWake }: ActivityEntryCardProps) {
  const headingId = useId();
  const detailsId = useId();
  const [detailsOpen, setDetailsOpen] = useState(false);
  const hasDetails = (entry.action ?? entry.result) !== undefined;
  const Heading = inWake ? 'h4' : 'h3';
  const taskId = (entry.action ?? entry.result ?? entry.note)?.taskId;
  return (
    <article
      className={inWake ? 'activity-step' : 'card activity-entry__card'}
      aria-labelledby={headingId}
      tabIndex={index === undefined ? undefined : -1}
      data-entry-index={index}
    >
      <div className="activity-entry__top">
        <Heading id={headingId} className="activity-entry__summary">
          {words.title}
        </Heading>
        {!inWake && <ActivityTime at={entry.at} />}
      </div>
      <div className="activity-entry__status">
        <ActivityBadges badges={words.badges} />
        {words.how && (
          <dl className="activity-entry__facts">
            <div>
              <dt>How</dt>
              <dd>{words.how}</dd>
            </div>
          </dl>
        )}
        {!inWake && taskId && <TaskFact taskId={taskId} tasks={tasks} />}
        {hasDetails && (
          <DisclosureButton
            className="activity-details__toggle"
            open={detailsOpen}
            controls={detailsId}
            onToggle={() => setDetailsOpen((open) => !open)}
          >
            Details
          </DisclosureButton>
        )}
      </div>
      {words.detail && <p className="activity-entry__output">{words.detail}</p>}
      {words.body && <p className="activity-entry__body">{words.body}</p>}
      {words.rationale && <p className="activity-entry__why muted">Why: {words.rationale}</p>}
      {words.note && <p className="activity-entry__note muted">{words.note}</p>}
      {words.items.length > 0 && (
        <ul className="activity-entry__items" aria-label="Proposed items">
          {words.items.map((item) => (
            <li key={item.key} className="activity-item">
              <ActivityBadge badge={item.badge} />
              <span className="activity-item__text">
                <span className="activity-item__summary">{item.summary}</span>
                {item.rationale && (
                  <span className="activity-entry__why muted">Why: {item.rationale}</span>
                )}
                {item.note && <span className="activity-entry__note muted">{item.note}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      {hasDetails && (
        <EntryDetails
          entry={entry}
          id={detailsId}
          open={detailsOpen}
          answerShown={words.detail !== undefined}
        />
      )}
    </article>
  );
}

interface TaskProps {
  taskId: string | undefined;
  tasks: ReadonlyMap<string, TaskName>;
}

/** "Task" and a link to it. */
function TaskFact(props: TaskProps) {
  return (
    <dl className="activity-entry__facts">
      <div className="activity-entry__task">
        <dt>Task</dt>
        <dd>
          <TaskLink {...props} />
        </dd>
      </div>
    </dl>
  );
}

/** A link to the task, or its name marked deleted: the trail outlives its tasks. */
export function TaskLink({ taskId, tasks }: TaskProps) {
  const task = taskId ? tasks.get(taskId) : undefined;
  if (task && !task.deleted)
    return (
      <Link to={`/tasks/${encodeURIComponent(task.id)}`}>{task.title || 'Untitled task'}</Link>
    );
  return (
    <span className="muted">
      {task ? `${task.title || 'Untitled task'} (deleted)` : 'a deleted task'}
    </span>
  );
}

import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { TaskName } from '../../db/queries/audit';
import type { AuditMessage } from '../../domain/audit';
import type { WriteSource } from '../../domain/write-source';
import { Button } from '../../ui/button';
import type { ActivityEntry } from './group-activity';
import { formatActivityMoment, formatActivityTime } from './format-activity-time';
import { OperationId } from './operation-id';
import { OutcomeBadge } from './outcome-badge';

const SOURCE_NAMES: Record<WriteSource, string> = {
  user: 'You',
  agent: 'Agent',
  confirmation: 'Confirmed proposal',
  undo: 'Undo',
  sync: 'Sync',
  rule: 'Rule',
};

const NOTE_NAMES: Partial<Record<AuditMessage['kind'], string>> = {
  thought: 'Agent thought',
  observation: 'Observation',
};

export interface ActivityEntryCardProps {
  entry: ActivityEntry;
  tasks: ReadonlyMap<string, TaskName>;
  /** Position in the list, so "Load older" can move focus to the first new entry. */
  index: number;
}

/**
 * One operation: what was asked (the action's summary as the heading), what came of it
 * (outcome badge and the result text), and who, when, which tool, which task. Every
 * string here was written by a person or a model, so it is rendered as text.
 */
export function ActivityEntryCard({ entry, tasks, index }: ActivityEntryCardProps) {
  const headingId = useId();
  const argumentsId = useId();
  const [showArguments, setShowArguments] = useState(false);
  const { action, result, note } = entry;
  const first = action ?? result ?? note;
  if (!first) return null;
  const taskId = first.taskId;
  const task = taskId ? tasks.get(taskId) : undefined;
  const outcome = result?.outcome ?? (result?.kind === 'policyDenied' ? 'denied' : undefined);
  const heading = action?.summary ?? note?.summary ?? `Result of ${first.toolName ?? 'a call'}`;
  const args = action?.payload.args;

  return (
    <li className="activity-entry">
      <article
        className="card activity-entry__card"
        aria-labelledby={headingId}
        tabIndex={-1}
        data-entry-index={index}
      >
        <div className="activity-entry__top">
          <h3 id={headingId} className="activity-entry__summary">
            {heading}
          </h3>
          <time
            className="activity-entry__time muted"
            dateTime={entry.at}
            title={formatActivityMoment(entry.at)}
          >
            {formatActivityTime(entry.at)}
          </time>
        </div>

        {note ? (
          <p className="activity-entry__result">
            <span className="chip">{NOTE_NAMES[note.kind] ?? note.kind}</span>
          </p>
        ) : (
          <p className="activity-entry__result">
            <OutcomeBadge outcome={outcome} />
            {result && <span className="activity-entry__output">{result.summary}</span>}
          </p>
        )}

        <dl className="activity-entry__facts">
          {first.toolName && (
            <div>
              <dt>Tool</dt>
              <dd>
                <code>{first.toolName}</code>
              </dd>
            </div>
          )}
          <div>
            <dt>By</dt>
            <dd>{SOURCE_NAMES[first.source]}</dd>
          </div>
          {taskId && (
            <div className="activity-entry__task">
              <dt>Task</dt>
              <dd>
                {task && !task.deleted ? (
                  <Link to={`/tasks/${encodeURIComponent(task.id)}`}>
                    {task.title || 'Untitled task'}
                  </Link>
                ) : (
                  <span className="muted">
                    {task ? `${task.title || 'Untitled task'} (deleted)` : 'A deleted task'}
                  </span>
                )}
              </dd>
            </div>
          )}
        </dl>
        <div className="activity-entry__footer">
          {first.operationId && (
            <dl className="activity-entry__facts">
              <div>
                <dt>Operation</dt>
                <dd>
                  <OperationId operationId={first.operationId} />
                </dd>
              </div>
            </dl>
          )}
          {args !== undefined && (
            <Button
              size="small"
              variant="quiet"
              className="activity-entry__arguments-toggle"
              aria-expanded={showArguments}
              aria-controls={argumentsId}
              onClick={() => setShowArguments((shown) => !shown)}
            >
              <span aria-hidden="true">{showArguments ? '▾' : '▸'}</span>
              Arguments
            </Button>
          )}
        </div>
        {args !== undefined && (
          <pre id={argumentsId} className="activity-entry__arguments" hidden={!showArguments}>
            {formatArguments(args)}
          </pre>
        )}
      </article>
    </li>
  );
}

function formatArguments(args: unknown): string {
  if (typeof args === 'string') return args;
  try {
    return JSON.stringify(args, null, 2) ?? String(args);
  } catch {
    return String(args);
  }
}

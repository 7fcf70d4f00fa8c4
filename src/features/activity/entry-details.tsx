import type { WriteSource } from '../../domain/write-source';
import { formatActivityMoment } from './format-activity-time';
import { messagesOf, type ActivityEntry } from './group-activity';
import { OperationId } from './operation-id';

const SOURCE_NAMES: Record<WriteSource, string> = {
  user: 'You',
  agent: 'Agent',
  confirmation: 'Confirmed proposal',
  undo: 'Undo',
  sync: 'Sync',
  rule: 'Trusted-tool rule',
};

/**
 * The record behind an entry, for whoever audits it: the tool, who wrote it, when to the
 * second, the operation id, what the tool answered (when the entry does not say it) and
 * the arguments as sent. Every string in it is shown as text. Closed, it is an empty
 * container (the toggle controls it), so a long page does not build what nobody opened.
 */
export function EntryDetails({
  entry,
  id,
  open,
  answerShown,
}: {
  entry: ActivityEntry;
  id: string;
  open: boolean;
  /** The answer is on the face of the entry already (a failure, a skip). */
  answerShown: boolean;
}) {
  const { action, result } = entry;
  const first = messagesOf(entry)[0];
  if (!first || !open) return <div id={id} className="activity-details" hidden />;
  const args = action?.payload.args;
  return (
    <div id={id} className="activity-details">
      <dl className="activity-details__facts">
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
        <div>
          <dt>At</dt>
          <dd>
            <time dateTime={entry.at}>{formatActivityMoment(entry.at)}</time>
          </dd>
        </div>
        {first.operationId && (
          <div>
            <dt>Operation</dt>
            <dd>
              <OperationId operationId={first.operationId} />
            </dd>
          </div>
        )}
        {action && result && !answerShown && (
          <div>
            <dt>Answer</dt>
            <dd className="activity-details__text">{result.summary}</dd>
          </div>
        )}
        {args !== undefined && (
          <div className="activity-details__block">
            <dt>Arguments</dt>
            <dd>
              <pre className="activity-details__arguments">{formatArguments(args)}</pre>
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}

function formatArguments(args: unknown): string {
  if (typeof args === 'string') {
    // A model's arguments are recorded as it sent them, usually a JSON string.
    try {
      return JSON.stringify(JSON.parse(args), null, 2);
    } catch {
      return args;
    }
  }
  try {
    return JSON.stringify(args, null, 2) ?? String(args);
  } catch {
    return String(args);
  }
}

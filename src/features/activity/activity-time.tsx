import { formatActivityMoment, formatActivityTime } from './format-activity-time';

/** The time of an entry to the second, the full date and time in its tooltip. */
export function ActivityTime({ at }: { at: string }) {
  return (
    <time className="activity-entry__time muted" dateTime={at} title={formatActivityMoment(at)}>
      {formatActivityTime(at)}
    </time>
  );
}

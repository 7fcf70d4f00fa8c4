import type { TaskName } from '../../db/queries/audit';
import { ActivityEntryCard } from './activity-entry-card';
import { activityDayKey, formatActivityDay } from './format-activity-time';
import type { ActivityEntry } from './group-activity';

interface Day {
  key: string;
  label: string;
  entries: { entry: ActivityEntry; index: number }[];
}

function byDay(entries: readonly ActivityEntry[], now: Date): Day[] {
  const days: Day[] = [];
  entries.forEach((entry, index) => {
    const key = activityDayKey(entry.at);
    let day = days[days.length - 1];
    if (day?.key !== key) {
      day = { key, label: formatActivityDay(entry.at, now), entries: [] };
      days.push(day);
    }
    day.entries.push({ entry, index });
  });
  return days;
}

/** Entries under a heading per day (newest day first), so the trail can be skimmed by date. */
export function ActivityList({
  entries,
  tasks,
}: {
  entries: readonly ActivityEntry[];
  tasks: ReadonlyMap<string, TaskName>;
}) {
  return (
    <div className="activity-list">
      {byDay(entries, new Date()).map((day) => (
        <section key={day.key} aria-labelledby={`activity-day-${day.key}`}>
          <h2 id={`activity-day-${day.key}`} className="activity-list__day">
            {day.label}
          </h2>
          <ol className="activity-list__entries">
            {day.entries.map(({ entry, index }) => (
              <ActivityEntryCard key={entry.key} entry={entry} tasks={tasks} index={index} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

import type { ProposalFate, TaskName } from '../../db/queries/audit';
import { ActivityEntryCard } from './activity-entry-card';
import { describeEntry } from './describe-entry';
import { activityDayKey, formatActivityDay } from './format-activity-time';
import type { ActivityItem } from './group-activity';
import { WakeGroupCard } from './wake-group-card';

interface Day {
  key: string;
  label: string;
  items: { item: ActivityItem; index: number }[];
}

function byDay(items: readonly ActivityItem[], now: Date): Day[] {
  const days: Day[] = [];
  items.forEach((item, index) => {
    const key = activityDayKey(item.at);
    let day = days[days.length - 1];
    if (day?.key !== key) {
      day = { key, label: formatActivityDay(item.at, now), items: [] };
      days.push(day);
    }
    day.items.push({ item, index });
  });
  return days;
}

/**
 * Entries under a heading per day (newest day first), so the trail can be skimmed by
 * date: a wake as one group, everything else one card per operation.
 */
export function ActivityList({
  items,
  tasks,
  proposals,
}: {
  items: readonly ActivityItem[];
  tasks: ReadonlyMap<string, TaskName>;
  proposals: ReadonlyMap<string, readonly ProposalFate[]>;
}) {
  return (
    <div className="activity-list">
      {byDay(items, new Date()).map((day) => (
        <section key={day.key} aria-labelledby={`activity-day-${day.key}`}>
          <h2 id={`activity-day-${day.key}`} className="activity-list__day">
            {day.label}
          </h2>
          <ol className="activity-list__entries">
            {day.items.map(({ item, index }) => (
              <li key={item.key} className="activity-entry">
                {item.type === 'wake' ? (
                  <WakeGroupCard
                    wake={item.wake}
                    tasks={tasks}
                    proposals={proposals}
                    index={index}
                  />
                ) : (
                  <ActivityEntryCard
                    entry={item.entry}
                    words={describeEntry(item.entry, proposals)}
                    tasks={tasks}
                    index={index}
                  />
                )}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

import type { AuditPage, TaskName } from '../../db/queries/activity-audit';
import type { ProposalFate } from '../../db/queries/activity-proposal-fates';
import { countOf } from '../../lib/count-of';
import { ActivityEntryCard, TaskLink } from './activity-entry-card';
import { DecisionCard } from './decision-card';
import { describeEntry, describeWake } from './describe-entry';
import type { ListedItem } from './fold-activity';
import { FoldedEntriesCard } from './folded-entries-card';
import { activityDayKey, formatActivityDay } from './format-activity-time';
import { messagesOf, type ActivityEntry } from './group-activity';
import { WakeGroupCard } from './wake-group-card';

interface Day {
  key: string;
  label: string;
  items: { item: ListedItem; index: number }[];
}

function byDay(items: readonly ListedItem[], now: Date): Day[] {
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

export interface ActivityListProps {
  items: readonly ListedItem[];
  tasks: ReadonlyMap<string, TaskName>;
  proposals: ReadonlyMap<string, readonly ProposalFate[]>;
  devices: AuditPage['devices'];
  synced: AuditPage['synced'];
}

/**
 * Entries under a heading per day (newest day first), so the trail can be skimmed by
 * date: a wake as one group, a Confirm all as one card, another device's decision as
 * the decision it is, everything else one card per operation.
 */
export function ActivityList({ items, tasks, proposals, devices, synced }: ActivityListProps) {
  const syncedFrom = (entry: ActivityEntry) => {
    const batch = synced.get(messagesOf(entry)[0]?.runKey ?? '');
    return batch ? devices.nameOf(batch.deviceId) : 'another device';
  };
  // This device's own decisions name the proposing device only when it was another one.
  const proposerName = (deviceId: string) =>
    deviceId === devices.here ? undefined : devices.nameOf(deviceId);
  const card = (item: ListedItem, index: number) => {
    switch (item.type) {
      case 'wake':
        return <WakeGroupCard wake={item.wake} tasks={tasks} proposals={proposals} index={index} />;
      case 'decisions':
        return (
          <DecisionCard
            decisions={item.decisions}
            deviceName={devices.nameOf(item.decisions[0]!.deviceId)}
            nameOf={devices.nameOf}
            tasks={tasks}
            index={index}
          />
        );
      case 'confirmAll': {
        const first = item.entries[0]!.action!;
        const verb =
          first.source === 'rule'
            ? `Applied ${item.entries.length} without asking`
            : `Confirmed ${item.entries.length} with Confirm all`;
        return (
          <FoldedEntriesCard
            title={
              <>
                {verb}: <TaskLink taskId={first.taskId} tasks={tasks} />
              </>
            }
            badges={describeWake(item.entries.map((entry) => describeEntry(entry, proposals)))}
            showLabel={`Show ${countOf(item.entries.length, 'item')}`}
            {...{ entries: item.entries, tasks, proposals, syncedFrom, proposerName, index }}
          />
        );
      }
      case 'quiet': {
        const from = [...new Set(item.entries.map(syncedFrom))];
        const batches = countOf(item.entries.length, 'synced batch', 'synced batches');
        return (
          <FoldedEntriesCard
            title={`${batches} from ${from.length === 1 ? from[0] : 'other devices'}: already up to date`}
            badges={describeWake(
              item.entries.map((entry) => describeEntry(entry, proposals, syncedFrom(entry))),
            )}
            showLabel={`Show ${item.entries.length === 1 ? 'it' : 'them'}`}
            {...{ entries: item.entries, tasks, proposals, syncedFrom, proposerName, index }}
          />
        );
      }
      case 'entry':
        return (
          <ActivityEntryCard
            entry={item.entry}
            words={describeEntry(item.entry, proposals, syncedFrom(item.entry), proposerName)}
            tasks={tasks}
            index={index}
          />
        );
    }
  };
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
                {card(item, index)}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

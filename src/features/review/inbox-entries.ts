/**
 * The Review inbox as one flat list for the windowed renderer: each task's heading, then
 * its rows, with the reason prompt of the latest rejection where its row was.
 */
import type { PendingReviewItem, PendingTaskGroup } from '../../db/queries/proposals';
import type { RecentRejection } from './use-review-actions';
import { withRejection } from './with-rejection';

export type InboxEntry =
  | { type: 'group'; key: string; group: PendingTaskGroup }
  | { type: 'item'; key: string; entry: PendingReviewItem; group: PendingTaskGroup }
  | { type: 'rejection'; key: string; rejection: RecentRejection };

/** Heights to assume before an entry is measured, in px. */
export const ESTIMATED_HEIGHT: Record<InboxEntry['type'], number> = {
  group: 76,
  item: 176,
  rejection: 230,
};

export const groupKey = (taskId: string) => `group:${taskId}`;

export function inboxEntries(
  groups: readonly PendingTaskGroup[],
  rejection: RecentRejection | undefined,
): InboxEntry[] {
  let shown = groups;
  // The prompt outlives its task's last row: keep the task's heading above it meanwhile.
  if (rejection && !groups.some((group) => group.taskId === rejection.entry.taskId)) {
    const placeholder: PendingTaskGroup = {
      taskId: rejection.entry.taskId,
      taskTitle: rejection.taskTitle ?? '',
      changeSetIds: [],
      items: [],
    };
    const at = Math.min(rejection.groupIndex ?? groups.length, groups.length);
    shown = [...groups.slice(0, at), placeholder, ...groups.slice(at)];
  }
  const entries: InboxEntry[] = [];
  for (const group of shown) {
    entries.push({ type: 'group', key: groupKey(group.taskId), group });
    const ownRejection = rejection?.entry.taskId === group.taskId ? rejection : undefined;
    for (const row of withRejection(group.items, ownRejection)) {
      entries.push(
        row.type === 'item'
          ? { type: 'item', key: row.key, entry: row.entry, group }
          : { type: 'rejection', key: row.key, rejection: row.rejection },
      );
    }
  }
  return entries;
}

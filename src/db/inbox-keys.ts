/**
 * The derived keys that say an item waits in the Review inbox (`pendingKey`,
 * `pendingExpiry`): present exactly while it is pending, its task is live and it is not
 * a hidden twin of the same change proposed on another device (domain/proposal-twins.ts,
 * decision 0016). Each device derives them; they never sync.
 */
import type { ChangeItem } from '../domain/change-set';
import type { EntityDiff } from '../domain/entity-diff';
import { isLive } from '../domain/is-live';
import { hiddenTwinIds, twinGroupKey } from '../domain/proposal-twins';
import { countChanges } from './change-set-counts';
import type { CountersignDatabase } from './database';
import { addToTallies } from './tallies';

interface Stamp {
  deviceId: string;
  now: string;
}

const NONE: ReadonlySet<string> = new Set();

/** Whether the item waits in the inbox, and its keys there. */
function withInboxKeys(
  item: ChangeItem,
  liveTaskIds: ReadonlySet<string>,
  hiddenTwins: ReadonlySet<string> = NONE,
): ChangeItem {
  const { pendingKey: _key, pendingExpiry: _expiry, ...rest } = item;
  if (item.status !== 'pending' || !liveTaskIds.has(item.taskId) || hiddenTwins.has(item.id))
    return rest;
  return {
    ...rest,
    pendingKey: [item.proposedAt, item.changeSetId, item.itemIndex],
    ...(item.expiresAt ? { pendingExpiry: item.expiresAt } : {}),
  };
}

/** Whether an item's inbox keys differ between two versions of it. */
function waitingChanged(before: ChangeItem | undefined, after: ChangeItem): boolean {
  return (before?.pendingKey === undefined) !== (after.pendingKey === undefined);
}

/** What names an item's twin group: its task and fingerprint. */
export type TwinGroupOf = Pick<ChangeItem, 'taskId' | 'fingerprint'>;

/** The stored items of each twin group (task and fingerprint) of `items`, in one request. */
export function readTwinGroups(
  db: CountersignDatabase,
  items: readonly TwinGroupOf[],
): Promise<ChangeItem[]> {
  const groups = new Map(items.map((item) => [twinGroupKey(item), item] as const));
  if (groups.size === 0) return Promise.resolve([]);
  return db.changeItems
    .where('[taskId+fingerprint]')
    .anyOf([...groups.values()].map((item) => [item.taskId, item.fingerprint]))
    .toArray();
}

/**
 * `written` with their inbox keys, given the other members of their twin groups
 * (`members`: the groups as this transaction has them, `written` excluded or not), and
 * the members whose keys change because of them: a twin hidden by an item just written,
 * or shown again when it is first once more (decision 0016).
 */
export function keyTwinGroups(
  written: readonly ChangeItem[],
  members: Iterable<ChangeItem>,
  liveTaskIds: ReadonlySet<string>,
): { rows: ChangeItem[]; rekeyed: { before: ChangeItem; after: ChangeItem }[] } {
  const writtenIds = new Set(written.map((row) => row.id));
  const wanted = new Set(written.map(twinGroupKey));
  const others = [...members].filter(
    (member) => !writtenIds.has(member.id) && wanted.has(twinGroupKey(member)),
  );
  const hidden = hiddenTwinIds([...written, ...others]);
  const rows = written.map((row) => withInboxKeys(row, liveTaskIds, hidden));
  const rekeyed = others.flatMap((before) => {
    const after = withInboxKeys(before, liveTaskIds, hidden);
    return waitingChanged(before, after) ? [{ before, after }] : [];
  });
  return { rows, rekeyed };
}

/**
 * After tasks were deleted or restored: their pending items leave or rejoin the inbox.
 * Only the derived keys and counts change (nothing to sync: each device derives them).
 */
export async function reindexTaskItems(
  db: CountersignDatabase,
  taskIds: readonly string[],
  stamp: Stamp,
): Promise<void> {
  if (taskIds.length === 0) return;
  const live = await liveTasks(db, taskIds);
  const changes: { before: ChangeItem; after: ChangeItem }[] = [];
  for (const taskId of new Set(taskIds)) {
    const items = await db.changeItems.where('taskId').equals(taskId).toArray();
    const hidden = hiddenTwinIds(items);
    for (const item of items) {
      const after = withInboxKeys(item, live, hidden);
      if (waitingChanged(item, after)) changes.push({ before: item, after });
    }
  }
  if (changes.length === 0) return;
  await applyCountChanges(db, changes, stamp, { derivedOnly: true });
  await db.changeItems.bulkPut(changes.map((change) => change.after));
}

async function liveTasks(db: CountersignDatabase, taskIds: readonly string[]) {
  const ids = [...new Set(taskIds)];
  const tasks = await db.tasks.bulkGet(ids);
  return new Set(tasks.filter(isLive).map((task) => task.id));
}

/**
 * Moves each affected set's counts by what the writes changed, derives its status, and
 * the inbox tallies with them. A set whose only change is derived (waiting) keeps its
 * rev and clock: nothing about it changed for another device.
 */
async function applyCountChanges(
  db: CountersignDatabase,
  changes: readonly { before: ChangeItem | undefined; after: ChangeItem }[],
  stamp: Stamp,
  options: { derivedOnly?: boolean } = {},
): Promise<EntityDiff[]> {
  const setIds = [...new Set(changes.map((change) => change.after.changeSetId))];
  const stored = await db.changeSets.bulkGet(setIds);
  const sets = new Map(setIds.map((id, index) => [id, stored[index]] as const));
  const counted = countChanges(sets, changes, stamp, options);
  await db.changeSets.bulkPut(counted.updated);
  await addToTallies(db, counted.tallies);
  return counted.diffs;
}

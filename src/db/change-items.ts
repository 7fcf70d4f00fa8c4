/**
 * The one place change items and their sets are written. Every write keeps, in the same
 * transaction: each item's bookkeeping (rev, clock, time), its derived inbox keys (present
 * exactly while it waits: pending and its task live), its set's counts and status, and the
 * inbox tallies. So review reads a few rows whatever the size of the backlog, and the
 * counts always equal a recount (change-items.property.test.ts checks it).
 *
 * Callers run these inside a readwrite transaction over CHANGE_ITEM_TABLES (the
 * dispatcher's transaction includes them). The diffs returned (without the derived
 * fields) go in the operation's outbox row, for sync.
 */
import type { EntityDiff } from '../domain/audit';
import {
  changeItemSchema,
  changeSetSchema,
  deriveChangeSetStatus,
  NO_ITEMS,
  type ChangeItem,
  type ChangeSet,
  type ItemCounts,
} from '../domain/change-set';
import { isLive } from '../domain/is-live';
import { stampFieldWrites } from '../domain/field-writes';
import { bumpClock } from '../domain/vector-clock';
import type { CountersignDatabase } from './database';
import { addToTallies } from './tallies';

export const CHANGE_ITEM_TABLES = ['changeSets', 'changeItems', 'tallies', 'tasks'] as const;

export interface Stamp {
  deviceId: string;
  now: string;
}

/** An item's content as its writer sets it; bookkeeping and derived keys are the store's. */
export type ItemContent = Omit<
  ChangeItem,
  'createdAt' | 'updatedAt' | 'rev' | 'vectorClock' | 'pendingKey' | 'pendingExpiry'
> &
  Partial<Pick<ChangeItem, 'createdAt'>>;

export interface ItemWrite {
  /** The row as stored before this write; undefined for a new item. */
  before: ChangeItem | undefined;
  after: ItemContent;
  /**
   * Sync only: the bookkeeping of a row another device's operation produced, as the sync
   * merge rule decided it. Kept as it is instead of stamped here, so every device ends
   * with the same row (restamping would make each device's copy newer than the others').
   */
  merged?: Pick<ChangeItem, 'createdAt' | 'updatedAt' | 'rev' | 'vectorClock' | 'fieldWrites'>;
}

/** A new, empty set for `taskId`; its counts grow as items are written into it. */
export async function createChangeSet(
  db: CountersignDatabase,
  fields: Pick<ChangeSet, 'id' | 'agentId' | 'taskId' | 'runKey'>,
  stamp: Stamp,
): Promise<{ set: ChangeSet; diff: EntityDiff }> {
  const set = changeSetSchema.parse({
    ...fields,
    status: 'pending',
    counts: NO_ITEMS,
    createdAt: stamp.now,
    updatedAt: stamp.now,
    rev: 1,
    vectorClock: bumpClock({}, stamp.deviceId),
  });
  await db.changeSets.add(set);
  return { set, diff: { table: 'changeSets', id: set.id, before: null, after: set } };
}

/** Writes items (new or changed), with everything that depends on them. Returns the diffs. */
export async function writeChangeItems(
  db: CountersignDatabase,
  writes: readonly ItemWrite[],
  stamp: Stamp,
): Promise<EntityDiff[]> {
  if (writes.length === 0) return [];
  const live = await liveTasks(
    db,
    writes.map((write) => write.after.taskId),
  );
  const rows = writes.map(({ before, after, merged }) =>
    withInboxKeys(
      changeItemSchema.parse(
        merged
          ? { ...after, ...merged }
          : stampFieldWrites(
              before,
              {
                ...after,
                createdAt: before?.createdAt ?? after.createdAt ?? stamp.now,
                updatedAt: stamp.now,
                rev: (before?.rev ?? 0) + 1,
                vectorClock: bumpClock(before?.vectorClock ?? {}, stamp.deviceId),
              },
              stamp,
            ),
      ),
      live,
    ),
  );
  const setDiffs = await applyCountChanges(
    db,
    writes.map((write, index) => ({ before: write.before, after: rows[index]! })),
    stamp,
  );
  await db.changeItems.bulkPut(rows);
  return [
    ...rows.map((row, index) => ({
      table: 'changeItems',
      id: row.id,
      before: writes[index]!.before ? syncedItem(writes[index]!.before!) : null,
      after: syncedItem(row),
    })),
    ...setDiffs,
  ];
}

/**
 * Sync only: a change set as another device's operation left it, merged by the sync merge
 * rule. Its counts and status are this device's own, recounted from the items stored
 * here (another device's counts describe its items, not these), with the inbox tallies.
 */
export async function writeMergedChangeSet(
  db: CountersignDatabase,
  merged: ChangeSet,
  stamp: Stamp,
): Promise<void> {
  const [existing, items] = await Promise.all([
    db.changeSets.get(merged.id),
    db.changeItems.where('changeSetId').equals(merged.id).toArray(),
  ]);
  const counts = items.reduce<ItemCounts>((sum, item) => {
    const one = countsOf(item);
    return {
      total: sum.total + one.total,
      pending: sum.pending + one.pending,
      expired: sum.expired + one.expired,
      waiting: sum.waiting + one.waiting,
    };
  }, NO_ITEMS);
  const status = deriveChangeSetStatus(counts);
  const { resolvedAt: _resolvedAt, ...rest } = merged;
  const closed = status === 'resolved' || status === 'expired';
  const resolvedAt = existing?.resolvedAt ?? merged.resolvedAt ?? stamp.now;
  await db.changeSets.put(
    changeSetSchema.parse({ ...rest, counts, status, ...(closed ? { resolvedAt } : {}) }),
  );
  const wasWaiting = existing?.counts.waiting ?? 0;
  await addToTallies(db, {
    pendingItems: counts.waiting - wasWaiting,
    pendingSets: Number(counts.waiting > 0) - Number(wasWaiting > 0),
  });
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
    const items = await db.changeItems
      .where('[taskId+status]')
      .equals([taskId, 'pending'])
      .toArray();
    for (const item of items) {
      const after = withInboxKeys(item, live);
      if ((after.pendingKey === undefined) !== (item.pendingKey === undefined))
        changes.push({ before: item, after });
    }
  }
  if (changes.length === 0) return;
  await applyCountChanges(db, changes, stamp, { derivedOnly: true });
  await db.changeItems.bulkPut(changes.map((change) => change.after));
}

/** Whether the item waits in the inbox, and its keys there. */
function withInboxKeys(item: ChangeItem, liveTaskIds: ReadonlySet<string>): ChangeItem {
  const { pendingKey: _key, pendingExpiry: _expiry, ...rest } = item;
  if (item.status !== 'pending' || !liveTaskIds.has(item.taskId)) return rest;
  return {
    ...rest,
    pendingKey: [item.proposedAt, item.changeSetId, item.itemIndex],
    ...(item.expiresAt ? { pendingExpiry: item.expiresAt } : {}),
  };
}

/** An item as another device should see it: without this device's derived keys. */
function syncedItem(item: ChangeItem): Record<string, unknown> {
  const { pendingKey: _key, pendingExpiry: _expiry, ...rest } = item;
  return rest;
}

async function liveTasks(db: CountersignDatabase, taskIds: readonly string[]) {
  const ids = [...new Set(taskIds)];
  const tasks = await db.tasks.bulkGet(ids);
  return new Set(tasks.filter(isLive).map((task) => task.id));
}

function countsOf(item: ChangeItem | undefined): ItemCounts {
  if (!item) return NO_ITEMS;
  return {
    total: 1,
    pending: item.status === 'pending' ? 1 : 0,
    expired: item.status === 'expired' ? 1 : 0,
    waiting: item.pendingKey !== undefined ? 1 : 0,
  };
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
  const deltas = new Map<string, ItemCounts>();
  for (const { before, after } of changes) {
    const was = countsOf(before);
    const is = countsOf(after);
    const delta = deltas.get(after.changeSetId) ?? { ...NO_ITEMS };
    delta.total += is.total - was.total;
    delta.pending += is.pending - was.pending;
    delta.expired += is.expired - was.expired;
    delta.waiting += is.waiting - was.waiting;
    deltas.set(after.changeSetId, delta);
  }
  const setIds = [...deltas.keys()];
  const sets = await db.changeSets.bulkGet(setIds);
  const updated: ChangeSet[] = [];
  const diffs: EntityDiff[] = [];
  let pendingItems = 0;
  let pendingSets = 0;
  sets.forEach((set, index) => {
    if (!set) return;
    const delta = deltas.get(setIds[index]!)!;
    const counts: ItemCounts = {
      total: set.counts.total + delta.total,
      pending: set.counts.pending + delta.pending,
      expired: set.counts.expired + delta.expired,
      waiting: set.counts.waiting + delta.waiting,
    };
    pendingItems += delta.waiting;
    if (set.counts.waiting === 0 && counts.waiting > 0) pendingSets += 1;
    if (set.counts.waiting > 0 && counts.waiting === 0) pendingSets -= 1;
    const status = deriveChangeSetStatus(counts);
    const closed = status === 'resolved' || status === 'expired';
    const next: ChangeSet = options.derivedOnly
      ? { ...set, counts }
      : {
          ...set,
          counts,
          status,
          updatedAt: stamp.now,
          rev: set.rev + 1,
          vectorClock: bumpClock(set.vectorClock, stamp.deviceId),
        };
    // Reopened (an undone rejection puts an item back): no longer resolved.
    if (!options.derivedOnly) {
      if (closed) next.resolvedAt = set.resolvedAt ?? stamp.now;
      else delete next.resolvedAt;
      diffs.push({ table: 'changeSets', id: set.id, before: set, after: next });
    }
    updated.push(next);
  });
  await db.changeSets.bulkPut(updated);
  await addToTallies(db, { pendingItems, pendingSets });
  return diffs;
}

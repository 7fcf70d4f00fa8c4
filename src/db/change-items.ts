/**
 * The one place change items and their sets are written. Every write keeps, in the same
 * transaction: each item's bookkeeping (rev, clock, time), its derived inbox keys (present
 * exactly while it waits: pending and its task live), its set's counts and status, and the
 * inbox tallies. So review reads a few rows whatever the size of the backlog, and the
 * counts always equal a recount (test/pending-tally.property.test.ts checks it).
 *
 * Callers run these inside a readwrite transaction over CHANGE_ITEM_TABLES (the
 * dispatcher's transaction includes them). Inside a step's transaction only the step's
 * own writer (its scope) may write them; any other throws (change-item-claim.ts). The
 * diffs returned (without the derived fields) go in the operation's outbox row, for sync.
 */
import type { EntityDiff } from '../domain/entity-diff';
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
import { claimCurrentTransaction, refuseInsideStep } from './change-item-claim';
import { countChanges, countsOf } from './change-set-counts';
import { addToTallies, readTallies, type TallyKey } from './tallies';
import { keyTwinGroups, readTwinGroups, reindexTaskItems, type TwinGroupOf } from './inbox-keys';
import { twinGroupKey } from '../domain/proposal-twins';

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
  refuseInsideStep('A change set created directly');
  const created = newChangeSet(fields, stamp);
  await db.changeSets.add(created.set);
  return created;
}

/** A new, empty change set row and its diff, for the caller to add. */
export function newChangeSet(
  fields: Pick<ChangeSet, 'id' | 'agentId' | 'taskId' | 'runKey'>,
  stamp: Stamp,
): { set: ChangeSet; diff: EntityDiff } {
  const set = changeSetSchema.parse({
    ...fields,
    status: 'pending',
    counts: NO_ITEMS,
    createdAt: stamp.now,
    updatedAt: stamp.now,
    rev: 1,
    vectorClock: bumpClock({}, stamp.deviceId),
  });
  return { set, diff: { table: 'changeSets', id: set.id, before: null, after: set } };
}

/** Writes items (new or changed), with everything that depends on them. Returns the diffs. */
export async function writeChangeItems(
  db: CountersignDatabase,
  writes: readonly ItemWrite[],
  stamp: Stamp,
): Promise<EntityDiff[]> {
  refuseInsideStep('writeChangeItems');
  if (writes.length === 0) return [];
  const writer = new ChangeItemWriter(db);
  const diffs = await writer.write(writes, stamp);
  await writer.flush();
  return diffs;
}

/**
 * The item writes of one transaction, kept in memory and issued at its end: each item
 * row, each set row and the tallies once, however many writes there were. The diffs are
 * those writeChangeItems returns for each write (a set's diff per write, its rev bumped
 * per write), so an operation's outbox row is the same either way. Reads go through it
 * too (`item`), so a write sees the ones before it. Rows it has not read are read in one
 * request per table (`load`, for a batch known up front) or as asked.
 *
 * Only for a transaction whose change items are all written through it. A step's writer
 * (`forStep`) claims its transaction: another writer opened in it throws. The writes that
 * recount from stored rows (`reindexTasks`, `writeMergedSet`) go through `aside`.
 */
export class ChangeItemWriter {
  private readonly items = new Map<string, ChangeItem | undefined>();
  private readonly sets = new Map<string, ChangeSet | undefined>();
  private readonly liveTaskIds = new Map<string, boolean>();
  private readonly dirtyItems = new Map<string, ChangeItem>();
  private readonly dirtySets = new Set<string>();
  /** The twin groups (task and fingerprint) whose stored items `items` holds. */
  private readonly twinGroups = new Set<string>();
  private tallies = { pendingItems: 0, pendingSets: 0 };
  /** The tallies as this transaction has them, once read. */
  private talliesNow: Record<TallyKey, number> | undefined;

  constructor(private readonly db: CountersignDatabase) {
    refuseInsideStep('A second change item writer');
  }

  /** The one writer of a step's transaction, opened inside it (dispatcher/write-scope.ts). */
  static forStep(db: CountersignDatabase): ChangeItemWriter {
    const writer = new ChangeItemWriter(db);
    claimCurrentTransaction();
    return writer;
  }

  /**
   * Reads, in one request per table, the rows the writes to come will need (and the
   * tallies, with `tallies`, when the writes are new items).
   */
  async load(ids: {
    changeItems?: readonly string[];
    changeSets?: readonly string[];
    tasks?: readonly string[];
    tallies?: boolean;
    /** Items whose twin groups the writes will recount (decision 0016). */
    twinsOf?: readonly TwinGroupOf[];
  }): Promise<void> {
    const missing = <T>(wanted: readonly string[] | undefined, known: Map<string, T>) => [
      ...new Set((wanted ?? []).filter((id) => !known.has(id))),
    ];
    const itemIds = missing(ids.changeItems, this.items);
    const setIds = missing(ids.changeSets, this.sets);
    const taskIds = missing(ids.tasks, this.liveTaskIds);
    // Writes to come change the tallies: read them now, not in a round trip of their own.
    const readTalliesNow =
      this.talliesNow === undefined && (itemIds.length > 0 || ids.tallies === true);
    const [items, sets, tasks, tallies] = await Promise.all([
      itemIds.length > 0 ? this.db.changeItems.bulkGet(itemIds) : [],
      setIds.length > 0 ? this.db.changeSets.bulkGet(setIds) : [],
      taskIds.length > 0 ? this.db.tasks.bulkGet(taskIds) : [],
      readTalliesNow ? readTallies(this.db) : undefined,
      this.loadTwins(ids.twinsOf ?? []),
    ]);
    if (tallies) this.talliesNow = tallies;
    itemIds.forEach((id, index) => this.items.set(id, items[index]));
    setIds.forEach((id, index) => this.sets.set(id, sets[index]));
    taskIds.forEach((id, index) => this.liveTaskIds.set(id, isLive(tasks[index])));
  }

  /** A set this transaction has read or just added, as it is now: known without a read. */
  know(set: ChangeSet): void {
    this.sets.set(set.id, set);
  }

  /** A new set (newChangeSet), written with the items at `flush`. */
  add(set: ChangeSet): void {
    this.know(set);
    this.dirtySets.add(set.id);
  }

  /** A set as this transaction has it (with the writes made through this writer). */
  async set(id: string): Promise<ChangeSet | undefined> {
    if (!this.sets.has(id)) await this.load({ changeSets: [id] });
    return this.sets.get(id);
  }

  /** An item as this transaction has it (with the writes made through this writer). */
  async item(id: string): Promise<ChangeItem | undefined> {
    if (!this.items.has(id)) await this.load({ changeItems: [id] });
    return this.items.get(id);
  }

  /** Writes items, in memory until `flush`; returns the diffs, as writeChangeItems does. */
  async write(writes: readonly ItemWrite[], stamp: Stamp): Promise<EntityDiff[]> {
    if (writes.length === 0) return [];
    await this.load({
      tasks: writes.map((write) => write.after.taskId),
      changeSets: writes.map((write) => write.after.changeSetId),
      twinsOf: writes.map((write) => write.after),
    });
    const live = new Set(
      [...this.liveTaskIds].flatMap(([taskId, isLiveTask]) => (isLiveTask ? [taskId] : [])),
    );
    const held = [...this.items.values()].filter((item): item is ChangeItem => item !== undefined);
    const { rows, rekeyed } = keyTwinGroups(
      writes.map((write) => itemRow(write, stamp)),
      held,
      live,
    );
    await this.load({ changeSets: rekeyed.map((change) => change.after.changeSetId) });
    const counted = countChanges(
      this.sets,
      writes.map((write, index) => ({ before: write.before, after: rows[index]! })),
      stamp,
    );
    this.keep(counted.updated, counted.tallies);
    // A twin hidden or shown again: only its derived keys change, nothing to sync.
    const derived = countChanges(this.sets, rekeyed, stamp, { derivedOnly: true });
    this.keep(derived.updated, derived.tallies);
    for (const row of [...rows, ...rekeyed.map((change) => change.after)]) {
      this.items.set(row.id, row);
      this.dirtyItems.set(row.id, row);
    }
    return [...itemDiffs(writes, rows), ...counted.diffs];
  }

  /**
   * The stored items of twin groups not read yet, kept as read unless this transaction
   * holds them already (its own version is newer).
   */
  private async loadTwins(of: readonly TwinGroupOf[]): Promise<void> {
    const wanted = of.filter((item) => !this.twinGroups.has(twinGroupKey(item)));
    if (wanted.length === 0) return;
    for (const item of wanted) this.twinGroups.add(twinGroupKey(item));
    for (const row of await readTwinGroups(this.db, wanted))
      if (this.items.get(row.id) === undefined) this.items.set(row.id, row);
  }

  private keep(sets: readonly ChangeSet[], tallies: Record<TallyKey, number>): void {
    for (const set of sets) {
      this.sets.set(set.id, set);
      this.dirtySets.add(set.id);
    }
    this.tallies.pendingItems += tallies.pendingItems;
    this.tallies.pendingSets += tallies.pendingSets;
  }

  /** Issues what was written: one request per table (the tallies: a read and a write). */
  async flush(): Promise<void> {
    const items = [...this.dirtyItems.values()];
    const sets = [...this.dirtySets].flatMap((id) => {
      const set = this.sets.get(id);
      return set ? [set] : [];
    });
    const tallies = this.tallies;
    this.dirtyItems.clear();
    this.dirtySets.clear();
    this.tallies = { pendingItems: 0, pendingSets: 0 };
    const [written] = await Promise.all([
      addToTallies(this.db, tallies, this.talliesNow),
      sets.length > 0 ? this.db.changeSets.bulkPut(sets) : undefined,
      items.length > 0 ? this.db.changeItems.bulkPut(items) : undefined,
    ]);
    if (this.talliesNow) this.talliesNow = { ...this.talliesNow, ...written };
  }

  /** Tasks deleted or restored: their pending items leave or rejoin the inbox. */
  reindexTasks(taskIds: readonly string[], stamp: Stamp): Promise<void> {
    return this.aside(() => reindexTaskItems(this.db, taskIds, stamp));
  }

  /** Sync only: a set as another device's operation left it (see writeMergedChangeSet). */
  writeMergedSet(merged: ChangeSet, stamp: Stamp): Promise<void> {
    return this.aside(() => writeMergedChangeSet(this.db, merged, stamp));
  }

  /**
   * A write that reads and writes the stored rows itself: what this writer holds goes
   * first, so it reads them; what this writer read is stale after it.
   */
  private async aside(write: () => Promise<void>): Promise<void> {
    await this.flush();
    await write();
    this.items.clear();
    this.sets.clear();
    this.liveTaskIds.clear();
    this.twinGroups.clear();
    this.talliesNow = undefined;
  }
}

/** The stored row of one write: stamped (or as merged), parsed; its inbox keys come after. */
function itemRow({ before, after, merged }: ItemWrite, stamp: Stamp): ChangeItem {
  return changeItemSchema.parse(
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
  );
}

function itemDiffs(writes: readonly ItemWrite[], rows: readonly ChangeItem[]): EntityDiff[] {
  return rows.map((row, index) => ({
    table: 'changeItems',
    id: row.id,
    before: writes[index]!.before ? syncedItem(writes[index]!.before!) : null,
    after: syncedItem(row),
  }));
}

/**
 * Sync only: a change set as another device's operation left it, merged by the sync merge
 * rule. Its counts and status are this device's own, recounted from the items stored
 * here (another device's counts describe its items, not these), with the inbox tallies.
 */
async function writeMergedChangeSet(
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

/** An item as another device should see it: without this device's derived keys. */
function syncedItem(item: ChangeItem): Record<string, unknown> {
  const { pendingKey: _key, pendingExpiry: _expiry, ...rest } = item;
  return rest;
}

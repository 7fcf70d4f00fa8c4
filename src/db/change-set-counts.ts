/**
 * What a batch of item writes does to their sets' counts, status and the inbox tallies,
 * computed in memory (change-items.ts writes the result in the same transaction).
 */
import type { EntityDiff } from '../domain/entity-diff';
import {
  deriveChangeSetStatus,
  NO_ITEMS,
  type ChangeItem,
  type ChangeSet,
  type ItemCounts,
} from '../domain/change-set';
import { bumpClock } from '../domain/vector-clock';
import type { TallyKey } from './tallies';

/** One item's part of its set's counts. */
export function countsOf(item: ChangeItem | undefined): ItemCounts {
  if (!item) return NO_ITEMS;
  return {
    total: 1,
    pending: item.status === 'pending' ? 1 : 0,
    expired: item.status === 'expired' ? 1 : 0,
    waiting: item.pendingKey !== undefined ? 1 : 0,
  };
}

/** The counts' changes, on the sets as they are (`sets`, by id). */
export function countChanges(
  sets: ReadonlyMap<string, ChangeSet | undefined>,
  changes: readonly { before: ChangeItem | undefined; after: ChangeItem }[],
  stamp: { deviceId: string; now: string },
  options: { derivedOnly?: boolean } = {},
): { updated: ChangeSet[]; diffs: EntityDiff[]; tallies: Record<TallyKey, number> } {
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
  const updated: ChangeSet[] = [];
  const diffs: EntityDiff[] = [];
  const tallies = { pendingItems: 0, pendingSets: 0 };
  for (const [setId, delta] of deltas) {
    const set = sets.get(setId);
    if (!set) continue;
    const counts: ItemCounts = {
      total: set.counts.total + delta.total,
      pending: set.counts.pending + delta.pending,
      expired: set.counts.expired + delta.expired,
      waiting: set.counts.waiting + delta.waiting,
    };
    tallies.pendingItems += delta.waiting;
    if (set.counts.waiting === 0 && counts.waiting > 0) tallies.pendingSets += 1;
    if (set.counts.waiting > 0 && counts.waiting === 0) tallies.pendingSets -= 1;
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
  }
  return { updated, diffs, tallies };
}

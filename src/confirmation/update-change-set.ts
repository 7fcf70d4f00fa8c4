/** Writes a change set back with one item's new status and the set status derived from all items. */
import type { CountersignDatabase } from '../db/database';
import type { ChangeItem, ChangeSet } from '../domain/change-set';
import { deriveChangeSetStatus } from '../domain/change-set-status';

export async function putItemStatus(
  db: CountersignDatabase,
  set: ChangeSet,
  itemIndex: number,
  patch: Partial<ChangeItem>,
  deviceId: string,
  now: string,
): Promise<ChangeSet> {
  const items = set.items.map((item, index) =>
    index === itemIndex ? { ...item, ...patch } : item,
  );
  const status = deriveChangeSetStatus(items);
  const next: ChangeSet = {
    ...set,
    items,
    status,
    updatedAt: now,
    rev: set.rev + 1,
    vectorClock: { ...set.vectorClock, [deviceId]: (set.vectorClock[deviceId] ?? 0) + 1 },
    ...(status === 'resolved' || status === 'expired' ? { resolvedAt: set.resolvedAt ?? now } : {}),
  };
  await db.changeSets.put(next);
  return next;
}

/**
 * Change sets past their time to live expire: their pending items leave the review
 * list and are recorded as "expired" (not rejected), so the agent hears "not reviewed"
 * on its next wake. Waiting never turns into a confirmation.
 */
import type { CountersignDatabase } from '../db/database';
import { getDeviceId } from '../db/settings';
import { deriveChangeSetStatus } from '../domain/change-set-status';
import { newDecision } from './decision-record';

export async function expireChangeSets(
  db: CountersignDatabase,
  now: Date = new Date(),
): Promise<number> {
  const deviceId = await getDeviceId(db);
  const stamp = now.toISOString();
  // One transaction: the items' status and their "expired" decisions land together.
  return db.transaction('rw', db.changeSets, db.decisions, async () => {
    const open = await db.changeSets
      .where('status')
      .anyOf('pending', 'partiallyResolved')
      .toArray();
    let expired = 0;
    for (const set of open) {
      if (!set.expiresAt || set.expiresAt > stamp) continue;
      const items = set.items.map((item) =>
        item.status === 'pending' ? { ...item, status: 'expired' as const } : item,
      );
      const decisions = set.items.flatMap((item, itemIndex) =>
        item.status === 'pending'
          ? [
              newDecision({
                changeSetId: set.id,
                taskId: set.taskId,
                itemIndex,
                item,
                verdict: 'expired',
                actor: 'system',
                deviceId,
                now: stamp,
              }),
            ]
          : [],
      );
      expired += decisions.length;
      await db.decisions.bulkAdd(decisions);
      await db.changeSets.put({
        ...set,
        items,
        // No item is pending any more: the set is resolved, or expired when nothing was decided.
        status: deriveChangeSetStatus(items),
        resolvedAt: stamp,
        updatedAt: stamp,
        rev: set.rev + 1,
      });
    }
    return expired;
  });
}

/**
 * Proposals past their expiry leave the review list as "expired" (not rejected), so the
 * agent hears "not reviewed" on its next wake. Waiting never turns into a confirmation.
 * Reads only the items that are due, through the inbox's expiry index.
 */
import type { CountersignDatabase } from '../db/database';
import { getDeviceId } from '../db/settings';
import { expireItemsNow } from './decide-item';

const CHUNK = 200;

export async function expireChangeSets(
  db: CountersignDatabase,
  now: Date = new Date(),
): Promise<number> {
  const deviceId = await getDeviceId(db);
  const stamp = now.toISOString();
  let expired = 0;
  for (;;) {
    const due = await db.changeItems
      .where('pendingExpiry')
      .belowOrEqual(stamp)
      .limit(CHUNK)
      .toArray();
    if (due.length === 0) return expired;
    const count = await expireItemsNow(db, due, { deviceId, now: stamp });
    expired += count;
    if (count === 0) return expired;
  }
}

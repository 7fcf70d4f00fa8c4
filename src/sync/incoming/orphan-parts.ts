/**
 * Parts of a split operation whose other parts never arrive (a device that stopped half way
 * through a push and never came back) would be kept forever. They are counted (Settings →
 * Sync says how many wait) and set aside once PART_KEPT_DAYS of stream time passed since the
 * server stored them: measured against the newest message's server time, not this device's
 * clock, so a device whose clock is wrong sets aside nothing early. A part set aside is
 * deleted and counted; should the rest arrive after all, it waits as parts of its own.
 */
import type { CountersignDatabase } from '../../db/database';
import { EXPIRED_PARTS_KEY } from '../../db/sync-settings';

export const PART_KEPT_DAYS = 30;
const PART_KEPT_MS = PART_KEPT_DAYS * 24 * 60 * 60 * 1000;

/**
 * Sets aside the parts stored more than PART_KEPT_DAYS before `streamTime` (the server time
 * of the newest message read), and dates parts kept before their time was stored. Resolves
 * to how many were set aside.
 */
export async function expireOrphanParts(
  db: CountersignDatabase,
  streamTime: string,
): Promise<number> {
  const newest = Date.parse(streamTime);
  if (Number.isNaN(newest) || (await db.syncParts.count()) === 0) return 0;
  return db.transaction('rw', db.syncParts, db.syncState, async () => {
    const parts = await db.syncParts.toArray();
    const undated = parts.filter((part) => part.storedAt === undefined);
    if (undated.length > 0) {
      await db.syncParts.bulkPut(undated.map((part) => ({ ...part, storedAt: streamTime })));
    }
    const expired = parts.filter(
      (part) => part.storedAt !== undefined && newest - Date.parse(part.storedAt) > PART_KEPT_MS,
    );
    if (expired.length === 0) return 0;
    await db.syncParts.bulkDelete(expired.map((part) => part.id));
    const before = Number((await db.syncState.get(EXPIRED_PARTS_KEY))?.value ?? 0);
    await db.syncState.put({ key: EXPIRED_PARTS_KEY, value: before + expired.length });
    return expired.length;
  });
}

/** Small key-value settings kept on this device (IndexedDB `settings` table). */
import type { CountersignDatabase } from './database';

export async function readSetting<T>(db: CountersignDatabase, key: string): Promise<T | undefined> {
  const row = await db.settings.get(key);
  return row?.value as T | undefined;
}

export async function writeSetting(
  db: CountersignDatabase,
  key: string,
  value: unknown,
): Promise<void> {
  await db.settings.put({ key, value });
}

const deviceIds = new WeakMap<CountersignDatabase, Promise<string>>();

/**
 * This device's stable id, created on first use. Kept in IndexedDB so the page and the
 * worker agree; one transaction so two tabs starting together do not mint two ids.
 */
export function getDeviceId(db: CountersignDatabase): Promise<string> {
  let deviceId = deviceIds.get(db);
  if (!deviceId) {
    deviceId = db.transaction('rw', db.settings, async () => {
      const existing = await db.settings.get('deviceId');
      if (typeof existing?.value === 'string') return existing.value;
      const created = crypto.randomUUID();
      await db.settings.put({ key: 'deviceId', value: created });
      return created;
    });
    deviceIds.set(db, deviceId);
    deviceId.catch(() => deviceIds.delete(db));
  }
  return deviceId;
}

/**
 * This device's id, or undefined before it has one, read without writing: for live
 * queries, where a write (getDeviceId's first call in a page opens one) throws Dexie's
 * ReadOnlyError and took Settings down with it.
 */
export async function readDeviceId(db: CountersignDatabase): Promise<string | undefined> {
  const row = await db.settings.get('deviceId');
  return typeof row?.value === 'string' ? row.value : undefined;
}

/**
 * Gives this device a new id, because another device turned out to use its old one (a
 * copied browser profile, a restored backup): writes stamped with one id on two devices
 * would never merge right. Later calls of getDeviceId in this context get the new id.
 */
export async function replaceDeviceId(db: CountersignDatabase): Promise<string> {
  const created = crypto.randomUUID();
  await db.settings.put({ key: 'deviceId', value: created });
  deviceIds.set(db, Promise.resolve(created));
  return created;
}

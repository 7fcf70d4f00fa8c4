/**
 * The secrets among this device's settings (the model's API key, the sync password or
 * token and the sync address, which may carry credentials) are stored sealed with AES-GCM
 * under a key made on this device. The key is not extractable and lives in the device-keys
 * database (device-key-store.ts), apart from the journal's: the journal's files, a dump of
 * its settings rows or a look in the browser's storage inspector show no secret in clear
 * text, while this app's pages and its worker can still open them. A script running in the
 * page can too: this is no defence against one (README, "Secrets on this device").
 */
import { getDeviceKeyDatabase, type DeviceKeyDatabase } from './device-key-store';
import type { SealedSecret } from './sealed-secret';

export { isSealedSecret, type SealedSecret } from './sealed-secret';

/*
 * Crypto calls are wrapped in Promise.resolve: these functions are read inside Dexie live
 * queries, which keep track of what they read only across promises they can follow.
 */
async function sealKey(db: DeviceKeyDatabase): Promise<CryptoKey> {
  const stored = await db.sealKeys.get('settings');
  if (stored) return stored.key;
  const created = await Promise.resolve(
    crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
  );
  // Made before the transaction opens (Web Crypto would end it); the first tab's key wins.
  return db.transaction('rw', db.sealKeys, async () => {
    const existing = await db.sealKeys.get('settings');
    if (existing) return existing.key;
    await db.sealKeys.add({ id: 'settings', key: created, createdAt: new Date().toISOString() });
    return created;
  });
}

export async function sealSecret(
  text: string,
  db: DeviceKeyDatabase = getDeviceKeyDatabase(),
): Promise<SealedSecret> {
  const key = await sealKey(db);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await Promise.resolve(
    crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(text)),
  );
  return { sealed: 'AES-GCM', iv, data: new Uint8Array(data) };
}

/**
 * The secret, or undefined when this device cannot open it (its key was cleared with the
 * site's data, or the row came from another browser): the person types it again.
 */
export async function openSecret(
  sealed: SealedSecret,
  db: DeviceKeyDatabase = getDeviceKeyDatabase(),
): Promise<string | undefined> {
  const stored = await db.sealKeys.get('settings');
  if (!stored) return undefined;
  try {
    const plain = await Promise.resolve(
      crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, stored.key, sealed.data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return undefined;
  }
}

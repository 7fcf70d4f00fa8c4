/**
 * This device's own key pairs, in a small IndexedDB database of their own: not the
 * journal's database, so they are never exported, synced, audited or logged with it, and
 * the journal's schema does not change for them. The private keys are CryptoKeys made
 * non-extractable; IndexedDB stores them as keys, so their bytes never reach script.
 */
import Dexie, { type EntityTable } from 'dexie';

export interface DeviceKeysRow {
  id: 'device';
  /** ECDH P-256: a new journal key is sealed to its public half. */
  agreement: CryptoKeyPair;
  /** ECDSA P-256: signs what this device publishes. */
  signing: CryptoKeyPair;
  createdAt: string;
}

/**
 * The journal's key ring on this device (journal-key-store.ts): secrets newest first, and
 * key ids the journal has announced that this device does not hold yet.
 */
export interface JournalKeysRow {
  id: 'journal';
  secrets: Uint8Array<ArrayBuffer>[];
  announced: string[];
  updatedAt: string;
}

/**
 * The AES-GCM key that seals this device's secret settings (settings-seal.ts): made here,
 * not extractable, so script can use it but never read its bytes.
 */
export interface SettingsSealKeyRow {
  id: 'settings';
  key: CryptoKey;
  createdAt: string;
}

const DEVICE_KEYS_DATABASE = 'countersign-device-keys';

export class DeviceKeyDatabase extends Dexie {
  keys!: EntityTable<DeviceKeysRow, 'id'>;
  journalKeys!: EntityTable<JournalKeysRow, 'id'>;
  sealKeys!: EntityTable<SettingsSealKeyRow, 'id'>;

  constructor(name: string = DEVICE_KEYS_DATABASE) {
    super(name);
    this.version(1).stores({ keys: 'id' });
    this.version(2).stores({ keys: 'id', journalKeys: 'id' });
    this.version(3).stores({ keys: 'id', journalKeys: 'id', sealKeys: 'id' });
  }
}

let instance: DeviceKeyDatabase | undefined;

export function getDeviceKeyDatabase(): DeviceKeyDatabase {
  instance ??= new DeviceKeyDatabase();
  return instance;
}

/**
 * This device's keys, keeping `created` only when there are none yet: two tabs that make
 * keys at once both end with the first one stored. `created` is made before the
 * transaction opens (Web Crypto is not IndexedDB, and Dexie ends a transaction at a
 * foreign await).
 */
export async function keepDeviceKeys(
  db: DeviceKeyDatabase,
  created: Omit<DeviceKeysRow, 'id'>,
): Promise<DeviceKeysRow> {
  return db.transaction('rw', db.keys, async () => {
    const existing = await db.keys.get('device');
    if (existing) return existing;
    const row: DeviceKeysRow = { id: 'device', ...created };
    await db.keys.add(row);
    return row;
  });
}

export function readDeviceKeys(db: DeviceKeyDatabase): Promise<DeviceKeysRow | undefined> {
  return db.keys.get('device');
}

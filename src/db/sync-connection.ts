/**
 * This device's sync connection: the server and credentials in `settings` (never
 * exported, never synced; the address and the password or token sealed,
 * settings-seal.ts), and the runtime's status in `syncState`, where every tab reads it
 * (the tab that runs sync writes it). What the first page needs to start sync and show
 * its indicator, apart from the rest of sync's settings (sync-settings.ts).
 */
import type { CountersignDatabase } from './database';
import { isSealedSecret, type SealedSecret } from './sealed-secret';

/**
 * The seal's code is fetched when a sealed setting is first opened or written, so a first
 * page stays as small as before sealing. Wrapped in Promise.resolve, as the seal's own
 * crypto calls are, for the Dexie live queries that read the settings.
 */
const seal = () => Promise.resolve(import('./settings-seal'));

export const SYNC_CONFIG_KEY = 'syncConfig';
const STATUS_KEY = 'status';

/** As stored; src/sync parses it with zod before using it. */
export interface StoredSyncConfig {
  url: string;
  user: string;
  secret: { kind: 'password'; password: string } | { kind: 'token'; token: string };
  /** False after Disconnect: the settings stay, sync does not run. */
  enabled: boolean;
  /** Set when read: the sealed address and secret could not be opened on this device. */
  unreadable?: true;
}

/** The row as kept: the address and the secret sealed (or plain, from before sealing). */
interface SealedSyncConfig extends Omit<StoredSyncConfig, 'url' | 'secret'> {
  url: SealedSecret | string;
  secret: SealedSecret | StoredSyncConfig['secret'];
}

export type SyncPhase = 'connecting' | 'connected' | 'offline' | 'error' | 'stopped';

export interface SyncStatus {
  phase: SyncPhase;
  /** What is going on, in words for the person. */
  message: string;
  /** The transport's error kind when phase is error or offline (sync-transport-error.ts). */
  errorKind?: string;
  /** A few words of progress for the indicator while connecting ("Loading 3 of 12"). */
  progress?: string;
  /** The last stream sequence applied here, and the stream's last when connected. */
  cursor?: number;
  serverLastSeq?: number;
  /** While catching up: messages applied since the feed opened, of those there were then. */
  catchingUp?: { done: number; total: number };
  at: string;
}

/**
 * The settings with their secrets opened (src/sync parses them with zod before use). When
 * they cannot be opened, sync cannot run: the address and secret read empty and
 * `unreadable` says why, for the form to ask for them again.
 */
export async function readSyncConfig(db: CountersignDatabase): Promise<unknown> {
  const value = (await db.settings.get(SYNC_CONFIG_KEY))?.value as SealedSyncConfig | undefined;
  if (!value || (!isSealedSecret(value.url) && !isSealedSecret(value.secret))) return value;
  const [url, secret] = await Promise.all([openField(value.url), openField(value.secret)]);
  if (url === undefined || secret === undefined) {
    return { ...value, url: '', secret: { kind: 'password', password: '' }, unreadable: true };
  }
  return { ...value, url, secret: JSON.parse(secret) as unknown };
}

async function openField(field: SealedSecret | unknown): Promise<string | undefined> {
  if (isSealedSecret(field)) return (await seal()).openSecret(field);
  return typeof field === 'string' ? field : JSON.stringify(field);
}

export async function writeSyncConfig(
  db: CountersignDatabase,
  config: StoredSyncConfig,
): Promise<void> {
  const { unreadable: _unreadable, ...kept } = config;
  const { sealSecret } = await seal();
  const [url, secret] = await Promise.all([
    sealSecret(config.url),
    sealSecret(JSON.stringify(config.secret)),
  ]);
  const sealed: SealedSyncConfig = { ...kept, url, secret };
  await db.settings.put({ key: SYNC_CONFIG_KEY, value: sealed });
}

/**
 * Seals settings stored in clear text by a version before sealing (run once the app
 * opens). Written only if the row is still the one read, so a save made meanwhile is kept.
 */
export async function sealStoredSyncConfig(db: CountersignDatabase): Promise<void> {
  const stored = (await db.settings.get(SYNC_CONFIG_KEY))?.value as SealedSyncConfig | undefined;
  if (!stored || isSealedSecret(stored.url) || isSealedSecret(stored.secret)) return;
  const plain = stored as StoredSyncConfig;
  const { sealSecret } = await seal();
  const [url, secret] = await Promise.all([
    sealSecret(plain.url),
    sealSecret(JSON.stringify(plain.secret)),
  ]);
  await db.transaction('rw', db.settings, async () => {
    const now = (await db.settings.get(SYNC_CONFIG_KEY))?.value;
    if (JSON.stringify(now) !== JSON.stringify(stored)) return;
    await db.settings.put({ key: SYNC_CONFIG_KEY, value: { ...stored, url, secret } });
  });
}

/** True when sync should run on this device (configured, and not disconnected). */
export function isSyncEnabled(value: unknown): boolean {
  return (value as Partial<StoredSyncConfig> | undefined)?.enabled === true;
}

export async function readSyncStatus(db: CountersignDatabase): Promise<SyncStatus | undefined> {
  return (await db.syncState.get(STATUS_KEY))?.value as SyncStatus | undefined;
}

export async function writeSyncStatus(db: CountersignDatabase, status: SyncStatus): Promise<void> {
  await db.syncState.put({ key: STATUS_KEY, value: status });
}

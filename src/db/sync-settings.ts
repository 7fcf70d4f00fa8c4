/**
 * This device's sync settings and status, in the device-local tables: the server and
 * credentials live in `settings` (never exported, never synced; the address and the
 * password or token sealed, settings-seal.ts), the runtime's status in `syncState`, where
 * every tab reads it (the tab that runs sync writes it). Plain data, so the navigation's
 * status indicator costs the first page nothing.
 */
import { liveQuery } from 'dexie';
import type { CountersignDatabase } from './database';
import { isSealedSecret, type SealedSecret } from './sealed-secret';

/**
 * The seal's code is fetched when a sealed setting is first opened or written, so a first
 * page stays as small as before sealing. Wrapped in Promise.resolve, as the seal's own
 * crypto calls are, for the Dexie live queries that read the settings.
 */
const seal = () => Promise.resolve(import('./settings-seal'));

const SYNC_CONFIG_KEY = 'syncConfig';
const OUTBOX_KEPT_KEY = 'syncOutboxKept';
const STATUS_KEY = 'status';
/** What this app version read again from quarantine (sync/incoming/reread-quarantine.ts). */
export const QUARANTINE_REREAD_KEY = 'quarantineReread';

export interface QuarantineReread {
  appVersion: string;
  /** Messages read again, and how many of them applied (or needed nothing) and left quarantine. */
  reread: number;
  landed: number;
}

/** How many parts of split operations were set aside because the rest never arrived. */
export const EXPIRED_PARTS_KEY = 'expiredParts';

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

/**
 * Marks that this device's journal was handed to sync (sync/outgoing/publish-journal.ts):
 * from then on every write keeps an outbox row, whatever the settings say later. Inside a
 * transaction over `settings`.
 */
export async function keepOutbox(db: CountersignDatabase): Promise<void> {
  await db.settings.put({ key: OUTBOX_KEPT_KEY, value: true });
}

/** Whether the journal was handed to sync already (the mark above). */
export async function outboxKeptMark(db: CountersignDatabase): Promise<boolean> {
  return (await db.settings.get(OUTBOX_KEPT_KEY))?.value === true;
}

/**
 * Inside the dispatcher's transaction: whether its writes go to the outbox. Only while
 * sync is configured (a device that never syncs grows no outbox), or once its journal was
 * handed to sync; a device configured before this rule existed keeps it from the start.
 */
export async function keepsOutbox(db: CountersignDatabase): Promise<boolean> {
  const [config, kept] = await db.settings.bulkGet([SYNC_CONFIG_KEY, OUTBOX_KEPT_KEY]);
  return config !== undefined || kept?.value === true;
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

/** What the indicator shows besides the status: sends waiting, pushes waiting for the person. */
export interface SyncCounts {
  waiting: number;
  needDecision: number;
  failed: number;
  quarantined: number;
  noticesToRead: number;
  /** Parts of split operations kept while the rest has not arrived. */
  partsWaiting: number;
  /** Parts set aside because the rest never arrived (sync/incoming/orphan-parts.ts). */
  partsExpired: number;
}

export async function readSyncCounts(db: CountersignDatabase): Promise<SyncCounts> {
  const [outbox, needDecision, failedRows, quarantined, notices, partsWaiting, partsExpired] =
    await Promise.all([
      db.outbox.count(),
      db.syncPushes.where('state').equals('indeterminate').count(),
      db.syncPushes.where('state').equals('failed').toArray(),
      db.syncQuarantine.count(),
      db.syncNotices.count(),
      db.syncParts.count(),
      db.syncState.get(EXPIRED_PARTS_KEY),
    ]);
  // A failed push keeps its outbox row (for a later look) unless it was skipped or lost.
  const failed = failedRows.filter(
    (row) => row.resolution?.choice !== 'skip' && row.claimState !== 'lost',
  ).length;
  return {
    waiting: Math.max(0, outbox - needDecision - failed),
    needDecision,
    failed,
    quarantined,
    noticesToRead: notices,
    partsWaiting,
    partsExpired: Number(partsExpired?.value ?? 0),
  };
}

/** Calls `onChange` whenever the outbox gains or loses rows (any tab). Returns the unsubscribe. */
export function watchOutbox(db: CountersignDatabase, onChange: () => void): () => void {
  const subscription = liveQuery(() => db.outbox.count()).subscribe({
    next: onChange,
    error: () => undefined,
  });
  return () => subscription.unsubscribe();
}

const LOADED_SNAPSHOT_KEY = 'loadedSnapshot';

/** The snapshot this device started from (sync/snapshot/load-snapshot.ts), in `syncState`. */
export interface LoadedSnapshot {
  snapshotId: string;
  sequence: number;
  loadedAt: string;
}

/** Inside a transaction over `syncState`. */
export async function writeLoadedSnapshot(
  db: CountersignDatabase,
  loaded: LoadedSnapshot,
): Promise<void> {
  await db.syncState.put({ key: LOADED_SNAPSHOT_KEY, value: loaded });
}

export async function readLoadedSnapshot(
  db: CountersignDatabase,
): Promise<LoadedSnapshot | undefined> {
  return (await db.syncState.get(LOADED_SNAPSHOT_KEY))?.value as LoadedSnapshot | undefined;
}

const SNAPSHOT_WRITE_KEY = 'snapshotWrite';

/** This device's last snapshot write, for Settings → Sync ("Write a snapshot now"). */
export type SnapshotWriteState =
  | { state: 'writing'; at: string }
  | { state: 'written'; at: string; sequence: number; rows: number }
  | { state: 'failed'; at: string; reason: string };

export async function writeSnapshotWriteState(
  db: CountersignDatabase,
  state: SnapshotWriteState,
): Promise<void> {
  await db.syncState.put({ key: SNAPSHOT_WRITE_KEY, value: state });
}

export async function readSnapshotWriteState(
  db: CountersignDatabase,
): Promise<SnapshotWriteState | undefined> {
  return (await db.syncState.get(SNAPSHOT_WRITE_KEY))?.value as SnapshotWriteState | undefined;
}

/**
 * The rest of this device's sync settings, in the device-local tables: whether it keeps
 * an outbox, what waits to be sent, the snapshot it started from or is writing, what it
 * read again from quarantine. The connection and the runtime's status are in
 * sync-connection.ts, which the first page loads.
 */
import { liveQuery } from 'dexie';
import type { CountersignDatabase } from './database';
import { SYNC_CONFIG_KEY } from './sync-connection';

const OUTBOX_KEPT_KEY = 'syncOutboxKept';
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

/**
 * Marks that this device's journal was handed to sync (sync/push/publish-journal.ts):
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

/**
 * The one sync runtime of this tab, started and stopped as the device's sync settings
 * change, in a worker of the tab's own. The runtime's code (and, through it, the NATS
 * client) is loaded only when sync is enabled, so the first page of a device without sync
 * never downloads it.
 */
import type { CountersignDatabase } from '../../db/database';
import { isSyncEnabled, writeSyncStatus } from '../../db/sync-connection';
import type { SyncRuntime } from '../../sync/runtime/sync-runtime';

let current: { key: string; runtime: Promise<SyncRuntime | undefined> } | undefined;
let chain: Promise<unknown> = Promise.resolve();

/**
 * Starts, restarts or stops sync to match `stored` (the settings row's value). `again`
 * restarts it even when the settings are unchanged: this device joined again under a new
 * id, after its runtime stopped for its removal.
 */
export function applySyncSettings(
  db: CountersignDatabase,
  stored: unknown,
  again = false,
): Promise<void> {
  const key = JSON.stringify(stored ?? null);
  const next = chain.then(async () => {
    if (current?.key === key && !again) return;
    const previous = current;
    current = undefined;
    await (await previous?.runtime)?.stop();
    if (!isSyncEnabled(stored)) return;
    const runtime = startRuntime(db, stored);
    current = { key, runtime };
    try {
      await runtime;
    } catch (error) {
      // The code could not be fetched (offline before the app was cached, a new version
      // deployed): say so, and try again once the device is back online.
      current = undefined;
      await writeSyncStatus(db, {
        phase: 'offline',
        errorKind: 'offline',
        message: `Sync could not start: its code did not load (${error instanceof Error ? error.message : String(error)}). It starts when this device is back online.`,
        at: new Date().toISOString(),
      }).catch(() => undefined);
      retryWhenOnline(db, stored);
    }
  });
  chain = next.catch(() => undefined);
  return next;
}

/**
 * In the sync worker (sync-in-worker.ts), off the main thread; in this thread only where
 * there are no workers (unit tests under jsdom).
 */
function startRuntime(db: CountersignDatabase, stored: unknown): Promise<SyncRuntime | undefined> {
  if (typeof Worker === 'undefined')
    return import('./start-sync').then(({ startSync }) => startSync(db, stored));
  return import('./sync-in-worker').then(({ startSyncInWorker }) => startSyncInWorker(db, stored));
}

/** The running runtime, if sync is on in this tab. */
export async function runningSync(): Promise<SyncRuntime | undefined> {
  await chain;
  return current?.runtime;
}

function retryWhenOnline(db: CountersignDatabase, stored: unknown): void {
  const retry = () => {
    globalThis.removeEventListener?.('online', retry);
    clearTimeout(timer);
    void applySyncSettings(db, stored).catch(() => undefined);
  };
  const timer = setTimeout(retry, 30_000);
  globalThis.addEventListener?.('online', retry);
}

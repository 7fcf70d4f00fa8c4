/**
 * The page's side of the sync worker (sync-worker.ts): starts it, tells it when the device
 * goes offline or online, and turns a worker that failed to load or died into words in
 * the sync status rather than a promise that never settles.
 */
import * as Comlink from 'comlink';
import type { CountersignDatabase } from '../../db/database';
import { writeSyncStatus } from '../../db/sync-connection';
import { thisDeviceKind } from '../../sync/devices/device-records';
import type { Removal } from '../../sync/devices/remove-device';
import type { SyncRuntime } from '../../sync/runtime/sync-runtime';
import type { SyncWorkerApi } from './sync-worker';

/** Starts sync in a worker; undefined when the settings do not parse (said in the status). */
export async function startSyncInWorker(
  db: CountersignDatabase,
  stored: unknown,
): Promise<SyncRuntime | undefined> {
  const worker = new Worker(new URL('./sync-worker.ts', import.meta.url), {
    type: 'module',
    name: 'countersign-sync',
  });
  const remote = Comlink.wrap<SyncWorkerApi>(worker);
  const online = () => globalThis.navigator?.onLine !== false;
  const tell = () => void remote.setOnline(online()).catch(() => undefined);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    removeEventListener('online', tell);
    removeEventListener('offline', tell);
    remote[Comlink.releaseProxy]();
    worker.terminate();
  };
  const died = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (event) => {
      const why = event.message ? `: ${event.message}` : '';
      reject(new Error(`the sync worker stopped${why}`));
      if (ended) return;
      end();
      void writeSyncStatus(db, {
        phase: 'error',
        errorKind: 'worker',
        message: `Sync stopped unexpectedly${why}. Reload the page to start it again; nothing waiting to be sent is lost.`,
        at: new Date().toISOString(),
      }).catch(() => undefined);
    });
  });
  died.catch(() => undefined);
  addEventListener('online', tell);
  addEventListener('offline', tell);
  const alive = <T>(call: Promise<T>) => Promise.race([call, died]);
  try {
    if (!(await alive(remote.start(stored, online(), thisDeviceKind())))) {
      end();
      return undefined;
    }
  } catch (error) {
    end();
    throw error;
  }
  return {
    syncNow: () => alive(remote.syncNow()),
    writeSnapshot: () => alive(remote.writeSnapshot()),
    resolve: (operationId, choice) => alive(remote.resolve(operationId, choice)),
    removeDevice: (deviceId) => alive<Removal>(remote.removeDevice(deviceId)),
    async stop() {
      try {
        if (!ended) await alive(remote.stop());
      } finally {
        end();
      }
    },
  };
}

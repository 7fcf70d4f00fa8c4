/**
 * Runs sync while the app is open, whenever this device's settings say so (app-shell mounts
 * it). Its control (sync-control.ts) is loaded once sync is on, or to stop it: a first page
 * without sync carries none of it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { getDatabase } from '../../db/connection';
import { isSyncEnabled, readSyncConfig } from '../../db/sync-connection';

let controlLoaded = false;

export function useSyncRuntime(): void {
  const stored = useLiveQuery(() => readSyncConfig(getDatabase()), []);
  const key = stored === undefined ? undefined : JSON.stringify(stored);
  useEffect(() => {
    if (key === undefined) return;
    const settings: unknown = JSON.parse(key);
    // Off, and never started in this page: nothing to stop.
    if (!isSyncEnabled(settings) && !controlLoaded) return;
    controlLoaded = true;
    void import('./sync-control')
      .then(({ applySyncSettings }) => applySyncSettings(getDatabase(), settings))
      .catch(() => undefined);
  }, [key]);
}

/** Runs sync while the app is open, whenever this device's settings say so (app-shell mounts it). */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { getDatabase } from '../../db/connection';
import { readSyncConfig } from '../../db/sync-connection';
import { applySyncSettings } from './sync-control';

export function useSyncRuntime(): void {
  const stored = useLiveQuery(() => readSyncConfig(getDatabase()), []);
  const key = stored === undefined ? undefined : JSON.stringify(stored);
  useEffect(() => {
    if (key === undefined) return;
    void applySyncSettings(getDatabase(), JSON.parse(key)).catch(() => undefined);
  }, [key]);
}

/** What sync is doing, read live from this device's tables (every tab sees the same). */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../../db/connection';
import { readSyncCounts } from '../../db/sync-settings';
import { isSyncEnabled, readSyncConfig, readSyncStatus } from '../../db/sync-connection';
import type { SyncView } from './describe-sync';

/** Null when sync was never set up on this device; undefined while reading. */
export function useSyncView(): SyncView | null | undefined {
  return useLiveQuery(async () => {
    const db = getDatabase();
    const config = await readSyncConfig(db);
    if (config === undefined) return null;
    const [status, counts] = await Promise.all([readSyncStatus(db), readSyncCounts(db)]);
    return { enabled: isSyncEnabled(config), status, counts };
  }, []);
}

/**
 * Loaded with the runtime (in the sync worker, or in the page where there are no workers):
 * checks the stored settings with zod, then starts sync. Settings that do not parse (edited
 * by hand, or from an older version) are reported in the status instead of used.
 */
import type { CountersignDatabase } from '../../db/database';
import { getDeviceKeyDatabase } from '../../db/device-key-store';
import { writeSyncStatus } from '../../db/sync-connection';
import { syncConfigSchema } from '../../sync/runtime/sync-config';
import { deviceListSigners } from '../../sync/runtime/device-list-signers';
import {
  startSyncRuntime,
  type SyncRuntime,
  type SyncRuntimeOptions,
} from '../../sync/runtime/sync-runtime';

/** What the sync worker sets: the network and device kind its page sees, larger batches. */
export type StartOptions = Pick<SyncRuntimeOptions, 'network' | 'feedShape' | 'deviceKind'>;

export async function startSync(
  db: CountersignDatabase,
  stored: unknown,
  options: StartOptions = {},
): Promise<SyncRuntime | undefined> {
  const parsed = syncConfigSchema.safeParse(stored);
  if (!parsed.success) {
    await writeSyncStatus(db, {
      phase: 'error',
      errorKind: 'settings',
      message: `The sync settings are not complete: ${parsed.error.issues[0]?.message ?? 'check them'}. Fix them in Settings → Sync.`,
      at: new Date().toISOString(),
    });
    return undefined;
  }
  return startSyncRuntime(db, parsed.data, {
    ...options,
    keyStore: getDeviceKeyDatabase(),
    // Signatures are checked against the journal's device list.
    signers: deviceListSigners(db),
  });
}

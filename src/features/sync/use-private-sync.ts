/**
 * What Settings → Sync shows about private sync, read live: this device's sync settings
 * (parsed), its key ring and the newest key's fingerprint words, the key whose recovery
 * phrase the person last wrote down, and whether the feed waits for a key.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../../db/connection';
import { SETTING_KEYS } from '../../db/setting-keys';
import { readSetting } from '../../db/settings';
import { readSyncConfig, readSyncStatus } from '../../db/sync-connection';
import { syncConfigSchema, type SyncConfig } from '../../sync/runtime/sync-config';
import type { JournalKey } from '../../sync/seal/journal-key';
import { readKeyRing } from '../../sync/seal/journal-keys';
import { newestKey, type KeyRing } from '../../sync/seal/key-ring';

export interface PrivateSync {
  /** This device's sync settings when they parse and sync is on. */
  config: SyncConfig | undefined;
  ring: KeyRing;
  newest: JournalKey | undefined;
  fingerprint: string | undefined;
  /** The key id of the recovery phrase last written down here. */
  writtenKeyId: string | undefined;
  waitingForKey: boolean;
}

export function usePrivateSync(): PrivateSync | undefined {
  return useLiveQuery(async () => {
    const db = getDatabase();
    const [stored, writtenKeyId, status] = await Promise.all([
      readSyncConfig(db),
      readSetting<string>(db, SETTING_KEYS.recoveryPhraseKeyId),
      readSyncStatus(db),
    ]);
    const ring = await readKeyRing();
    const parsed = syncConfigSchema.safeParse(stored);
    const newest = newestKey(ring);
    return {
      config: parsed.success && parsed.data.enabled ? parsed.data : undefined,
      ring,
      newest,
      // The word list loads only once there is a key to show the words of.
      fingerprint: newest
        ? await import('../../sync/seal/fingerprint').then(({ journalKeyFingerprint }) =>
            journalKeyFingerprint(newest.secret),
          )
        : undefined,
      writtenKeyId,
      waitingForKey: status?.errorKind === 'waiting-for-key',
    };
  }, []);
}

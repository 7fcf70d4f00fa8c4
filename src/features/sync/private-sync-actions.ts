/**
 * What Settings → Sync runs for private sync on a device that syncs, each on a short
 * pairing connection of its own: encrypt the journal, read which devices hold its key.
 * Each says what went wrong in words and never throws.
 */
import { getDatabase } from '../../db/connection';
import { getDeviceId } from '../../db/settings';
import { encryptJournal, type Encrypted } from '../../sync/pairing/encrypt-journal';
import { readKeyCoverage, type KeyCoverage } from '../../sync/pairing/key-coverage';
import { withPairingConnection } from '../../sync/pairing/pairing-connection';
import type { SyncConfig } from '../../sync/runtime/sync-config';
import { runningSync } from './sync-control';

export async function encryptHere(config: SyncConfig): Promise<Encrypted> {
  const deviceId = await getDeviceId(getDatabase());
  const encrypted = await withPairingConnection(config, (connection) =>
    encryptJournal(connection, deviceId),
  );
  // What waits to be sent goes out sealed now, not at the next pass.
  if (encrypted.ok) void runningSync().then((sync) => sync?.syncNow());
  return encrypted;
}

export function keyCoverageHere(
  config: SyncConfig,
  keyId: string,
): Promise<{ ok: true; coverage: KeyCoverage } | { ok: false; words: string }> {
  return withPairingConnection(config, async (connection) => ({
    ok: true as const,
    coverage: await readKeyCoverage(connection, keyId),
  }));
}

/** The agent device's claims and live progress (src/sync/claims), with its own keys. */
import { readKeyRing } from '../sync/seal/journal-keys';
import { NO_KEYS } from '../sync/seal/key-ring';
import { claimsConnection, type ClaimsConnection } from '../sync/claims/claims-connection';
import type { SyncRuntimeOptions } from '../sync/runtime/sync-runtime';
import type { DeviceJournal } from './device-journal';
import { deviceTransport } from './stream-head';

export function deviceClaims(
  journal: DeviceJournal,
  options: SyncRuntimeOptions,
  deviceId: () => string,
  leaseMs?: number,
): ClaimsConnection {
  const { keyStore } = journal;
  return claimsConnection({
    open: () => deviceTransport(journal.sync, options),
    user: journal.sync.user,
    deviceId,
    ring: keyStore ? () => readKeyRing(keyStore) : () => Promise.resolve(NO_KEYS),
    ...(leaseMs === undefined ? {} : { leaseMs }),
  });
}

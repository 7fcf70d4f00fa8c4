/**
 * The agent device's claims (src/sync/claims/task-claims.ts) on a connection of its own
 * beside the runtime's, opened when first needed and again after one failed: a claim that
 * cannot reach the server fails, and the wake does not start (an offline device does not
 * wake automatically).
 */
import { readKeyRing } from '../sync/seal/journal-keys';
import { NO_KEYS } from '../sync/seal/key-ring';
import { taskClaims, type ClaimServer, type TaskClaims } from '../sync/claims/task-claims';
import type { SyncRuntimeOptions } from '../sync/runtime/sync-runtime';
import type { DeviceJournal } from './device-journal';
import { deviceTransport } from './stream-head';

export function deviceClaims(
  journal: DeviceJournal,
  options: SyncRuntimeOptions,
  deviceId: () => string,
  leaseMs?: number,
): TaskClaims & { close(): Promise<void> } {
  type Transport = ReturnType<typeof deviceTransport>;
  let opening: Promise<Transport> | undefined;
  const ready = () =>
    (opening ??= (async () => {
      const transport = deviceTransport(journal.sync, options);
      try {
        await transport.connect();
        return transport;
      } catch (error) {
        opening = undefined;
        await transport.close().catch(() => undefined);
        throw error;
      }
    })());
  const server: ClaimServer = {
    publishNew: async (subject, data) => (await ready()).publishNew(subject, data),
    readLastStamped: async (subject) => (await ready()).readLastStamped(subject),
  };
  const { keyStore } = journal;
  return {
    ...taskClaims({
      server,
      user: journal.sync.user,
      deviceId,
      ring: keyStore ? () => readKeyRing(keyStore) : () => Promise.resolve(NO_KEYS),
      ...(leaseMs === undefined ? {} : { leaseMs }),
    }),
    async close() {
      const transport = await opening?.catch(() => undefined);
      await transport?.close().catch(() => undefined);
    },
  };
}

/**
 * While Add a device shows a code: asks the join subject every second, on a pairing
 * connection of its own, whether the device it was shown to has answered, until it has,
 * the code expires, or the panel closes.
 */
import { checkJoinAnswer } from '../../sync/pairing/join-answer';
import type { PendingJoin } from '../../sync/pairing/join-token';
import type { DeviceRecord } from '../../sync/pairing/device-record';
import { openPairingConnection } from '../../sync/pairing/pairing-connection';
import type { SyncConfig } from '../../sync/runtime/sync-config';
import type { KeyRing } from '../../sync/seal/key-ring';

const ASK_EVERY_MS = 1_000;

/** Returns the stop. */
export function watchJoin(
  config: SyncConfig,
  ring: KeyRing,
  pending: PendingJoin,
  onJoined: (device: DeviceRecord) => void,
): () => void {
  let stopped = false;
  let wake: (() => void) | undefined;
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ASK_EVERY_MS);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  void (async () => {
    const opened = await openPairingConnection(config);
    if (!opened.ok) return;
    const { connection } = opened;
    try {
      while (!stopped && Date.now() < pending.expires) {
        const check = await checkJoinAnswer(connection, ring, pending, Date.now()).catch(
          () => undefined,
        );
        if (check?.state === 'joined' && !stopped) {
          onJoined(check.device);
          return;
        }
        await pause();
      }
    } finally {
      await connection.close().catch(() => undefined);
    }
  })();
  return () => {
    stopped = true;
    wake?.();
  };
}

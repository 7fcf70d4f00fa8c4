/**
 * Listens for other devices' wakes (their live progress, wake-progress-live.ts) and keeps
 * them in the remote wakes store (handed in, so this chunk carries no store). Loaded by use-remote-wakes.ts only once sync is
 * connected, so the first page carries none of it. A note that is refused (it does not
 * open or parse) shows nothing; its words go to the console.
 */
import { getDatabase } from '../../db/connection';
import { readDeviceName } from '../../db/queries/device-name';
import type { RemoteWakesSink } from './remote-wakes-store';
import { tabClaims } from './tab-claims';

const SWEEP_EVERY_MS = 5_000;

/** Starts listening with the stored sync settings; the function returned stops. */
export function listenForRemoteWakes(stored: unknown, store: RemoteWakesSink): () => void {
  const db = getDatabase();
  let stop: (() => void) | undefined;
  let ended = false;
  /** Each device's name, read once: a note must not wait for it (its end may follow at once). */
  const names = new Map<string, string | undefined>();
  void tabClaims(db, stored)
    .then((connection) => {
      if (ended || !connection) return;
      stop = connection.progress.listen(
        (progress) => {
          const { taskId, deviceId } = progress;
          if (progress.state === 'ended') return store.ended(taskId, deviceId);
          const named = (deviceName: string | undefined) => (deviceName ? { deviceName } : {});
          store.heard(taskId, {
            deviceId,
            ...named(names.get(deviceId)),
            turn: progress.turn,
            heardAt: Date.now(),
          });
          if (names.has(deviceId)) return;
          void readDeviceName(db, deviceId).then((deviceName) => {
            names.set(deviceId, deviceName);
            const current = store.current(taskId);
            if (current?.deviceId === deviceId)
              store.heard(taskId, { ...current, ...named(deviceName) });
          });
        },
        (words) => console.warn(`Countersign: ${words}`),
      );
    })
    .catch(() => undefined);
  const sweep = setInterval(() => store.forgetSilent(Date.now()), SWEEP_EVERY_MS);
  return () => {
    ended = true;
    stop?.();
    clearInterval(sweep);
    store.clear();
  };
}

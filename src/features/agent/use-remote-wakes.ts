/**
 * Listens, while sync is set up and connected, for other devices' wakes (their live
 * progress, wake-progress-live.ts) and keeps them in the remote wakes store, so every task
 * page says who is working on it. Mounted once, by the app's shell. A note that is refused
 * (it does not open or parse) shows nothing; its words go to the console.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { getDatabase } from '../../db/connection';
import { readDeviceName } from '../../db/queries/device-name';
import { isSyncEnabled, readSyncConfig, readSyncStatus } from '../../db/sync-connection';
import { useRemoteWakesStore } from './remote-wakes-store';

const SWEEP_EVERY_MS = 5_000;

export function useRemoteWakes(): void {
  const listening = useLiveQuery(async () => {
    const db = getDatabase();
    const [stored, status] = await Promise.all([readSyncConfig(db), readSyncStatus(db)]);
    return isSyncEnabled(stored) && status?.phase === 'connected'
      ? JSON.stringify(stored)
      : undefined;
  }, []);

  useEffect(() => {
    if (listening === undefined) return;
    const db = getDatabase();
    const store = useRemoteWakesStore.getState();
    let stop: (() => void) | undefined;
    let ended = false;
    /** Each device's name, read once: a note must not wait for it (its end may follow at once). */
    const names = new Map<string, string | undefined>();
    void import('./tab-claims')
      .then(({ tabClaims }) => tabClaims(db, JSON.parse(listening)))
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
              const current = useRemoteWakesStore.getState().byTask[taskId];
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
  }, [listening]);
}

/**
 * While sync is set up and connected, listens for other devices' wakes, so every task
 * page says who is working on it (remote-wakes-listener.ts, loaded only then). Mounted by
 * the task's agent panel, the one place that shows it: the first page carries none of it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { getDatabase } from '../../db/connection';
import {
  isSyncEnabled,
  readSyncConfig,
  readSyncStatus,
  type SyncStatus,
} from '../../db/sync-connection';
import { remoteWakesSink } from './remote-wakes-store';

/**
 * The settings to listen with (as a key), or undefined. A page that opens finds the last
 * page's "connected" and its runtime then says "connecting": listening goes on through
 * that, so what was heard meanwhile is not forgotten (the tab's connection is its own).
 */
export function listensWith(stored: unknown, status: SyncStatus | undefined): string | undefined {
  const up = status?.phase === 'connected' || status?.phase === 'connecting';
  return isSyncEnabled(stored) && up ? JSON.stringify(stored) : undefined;
}

export function useRemoteWakes(): void {
  const listening = useLiveQuery(async () => {
    const db = getDatabase();
    const [stored, status] = await Promise.all([readSyncConfig(db), readSyncStatus(db)]);
    return listensWith(stored, status);
  }, []);

  useEffect(() => {
    if (listening === undefined) return;
    let stop: (() => void) | undefined;
    let ended = false;
    void import('./remote-wakes-listener')
      .then(({ listenForRemoteWakes }) => {
        if (!ended) stop = listenForRemoteWakes(JSON.parse(listening), remoteWakesSink());
      })
      .catch(() => undefined);
    return () => {
      ended = true;
      stop?.();
    };
  }, [listening]);
}

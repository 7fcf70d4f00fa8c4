/**
 * The one sync runtime of this tab, started and stopped as the device's sync settings
 * change. The runtime's code (and, through it, the NATS client) is loaded only when sync
 * is enabled, so the first page of a device without sync never downloads it.
 */
import type { CountersignDatabase } from '../../db/database';
import { isSyncEnabled } from '../../db/sync-settings';
import type { SyncRuntime } from '../../sync/runtime/sync-runtime';

let current: { key: string; runtime: Promise<SyncRuntime | undefined> } | undefined;
let chain: Promise<unknown> = Promise.resolve();

/** Starts, restarts or stops sync to match `stored` (the settings row's value). */
export function applySyncSettings(db: CountersignDatabase, stored: unknown): Promise<void> {
  const key = JSON.stringify(stored ?? null);
  const next = chain.then(async () => {
    if (current?.key === key) return;
    const previous = current;
    current = undefined;
    await (await previous?.runtime)?.stop();
    if (!isSyncEnabled(stored)) return;
    const runtime = import('./start-sync').then(({ startSync }) => startSync(db, stored));
    current = { key, runtime };
    await runtime;
  });
  chain = next.catch(() => undefined);
  return next;
}

/** The running runtime, if sync is on in this tab. */
export async function runningSync(): Promise<SyncRuntime | undefined> {
  await chain;
  return current?.runtime;
}

/**
 * The runtime's connection loop: connect, stay connected until the connection ends, then
 * wait and try again with a growing wait (2 s doubling to a minute), saying why in the
 * status. Offline, it waits for the device to be back online instead.
 */
import { classifySyncError } from '../transport/sync-transport-error';
import type { WriteStatus } from './runtime-status';

const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 60_000;

export const OFFLINE =
  'This device is offline. Your changes are kept and sent when it is back online.';

/** A wait that `wake()` ends early (Sync now, back online). */
export interface Waiter {
  pause(ms: number): Promise<void>;
  wake(): void;
}

export function createWaiter(): Waiter {
  let wake: (() => void) | undefined;
  return {
    pause: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
        wake = done;
      }),
    wake: () => wake?.(),
  };
}

export interface KeepConnectedDeps {
  url: string;
  stopped(): boolean;
  status: WriteStatus;
  waiter: Waiter;
  /** Resolves when the connection ends; rejects when it could not be made. */
  connectOnce(): Promise<void>;
  disconnect(): Promise<void>;
  /** True while the device is offline (network-state.ts). */
  offline(): boolean;
}

export async function keepConnected(deps: KeepConnectedDeps): Promise<void> {
  const { status, waiter } = deps;
  let retryMs = FIRST_RETRY_MS;
  while (!deps.stopped()) {
    if (deps.offline()) {
      await status('offline', OFFLINE, { errorKind: 'offline' });
      await waiter.pause(LONGEST_RETRY_MS);
      continue;
    }
    await status('connecting', `Connecting to ${deps.url}…`);
    const startedAt = Date.now();
    try {
      await deps.connectOnce();
      if (Date.now() - startedAt > LONGEST_RETRY_MS) retryMs = FIRST_RETRY_MS;
    } catch (error) {
      if (deps.stopped()) break;
      const failure = classifySyncError(error, { doing: 'connecting to the sync server' });
      const seconds = Math.round(retryMs / 1000);
      await status(
        'error',
        `${failure.message} ${failure.retryable || failure.kind === 'unreachable' ? `Trying again in ${seconds} s.` : 'Fix the settings in Settings → Sync, then press Retry now.'}`,
        { errorKind: failure.kind },
      );
    }
    await deps.disconnect();
    if (deps.stopped()) break;
    await waiter.pause(retryMs);
    retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
  }
}

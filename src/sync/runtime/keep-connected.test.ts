import { describe, expect, it } from 'vitest';
import { SyncTransportError } from '../transport/sync-transport-error';
import { keepConnected, type Waiter } from './keep-connected';

/** Runs the loop over `attempts` (one a connection; stopped after the last), recording statuses and waits. */
async function run(attempts: Array<() => Promise<void>>) {
  const statuses: Array<{ phase: string; message: string; errorKind?: string }> = [];
  const waits: number[] = [];
  let next = 0;
  let done = false;
  const waiter: Waiter = { pause: async (ms) => void waits.push(ms), wake: () => undefined };
  await keepConnected({
    url: 'wss://sync.example',
    stopped: () => done,
    status: async (phase, message, extra) =>
      void statuses.push({
        phase,
        message,
        ...(extra?.errorKind ? { errorKind: extra.errorKind } : {}),
      }),
    waiter,
    connectOnce: () => attempts[next++]!(),
    disconnect: async () => void (done = next >= attempts.length),
    offline: () => false,
  });
  return { statuses, waits };
}

const unreachable = () =>
  Promise.reject(
    new SyncTransportError('unreachable', 'The sync server cannot be reached.', true, true),
  );

describe('keepConnected', () => {
  it('tries again after a growing wait, saying when, until stopped', async () => {
    const { statuses, waits } = await run([unreachable, unreachable, unreachable]);
    expect(waits).toEqual([2_000, 4_000]);
    expect(statuses.filter((status) => status.phase === 'error').map((s) => s.message)).toEqual([
      expect.stringMatching(/Trying again in 2 s\.$/),
      expect.stringMatching(/Trying again in 4 s\.$/),
      expect.stringMatching(/Trying again in 8 s\.$/),
    ]);
    expect(statuses[0]).toEqual({
      phase: 'connecting',
      message: 'Connecting to wss://sync.example…',
    });
  });

  it('asks for the settings to be fixed when trying again cannot help', async () => {
    const refused = () =>
      Promise.reject(
        new SyncTransportError('auth-failed', 'The server refused the user name.', false, false),
      );
    const { statuses } = await run([refused]);
    expect(statuses.at(-1)).toMatchObject({
      phase: 'error',
      errorKind: 'auth-failed',
      message: expect.stringMatching(
        /Fix the settings in Settings → Sync, then press Retry now\.$/,
      ),
    });
  });
});

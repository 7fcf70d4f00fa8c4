/**
 * Claims and live progress on a connection of their own beside the sync runtime's (which
 * runs in one tab only, and in Node beside the agent device's loop), opened when first
 * needed and again after one failed: a claim that cannot reach the server fails, and the
 * wake does not start (an offline device does not wake automatically).
 */
import type { KeyRing } from '../seal/key-ring';
import type { LiveTransport } from '../transport/live-transport';
import { taskClaims, type ClaimServer, type TaskClaims } from './task-claims';
import { outcomePublisher } from './wake-outcome';
import { liveProgressChannel, type LiveProgressChannel } from './wake-progress-live';

export interface ClaimsTransport extends ClaimServer, LiveTransport {
  connect(): Promise<void>;
  close(): Promise<void>;
}

export interface ClaimsConnection {
  claims: TaskClaims;
  progress: LiveProgressChannel;
  outcome: ReturnType<typeof outcomePublisher>;
  close(): Promise<void>;
}

export function claimsConnection(options: {
  open: () => ClaimsTransport;
  user: string;
  deviceId: () => string;
  ring: () => Promise<KeyRing>;
  leaseMs?: number;
}): ClaimsConnection {
  let opening: Promise<ClaimsTransport> | undefined;
  const ready = () =>
    (opening ??= (async () => {
      const transport = options.open();
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
  const { user, deviceId, ring } = options;
  return {
    claims: taskClaims({
      server,
      user,
      deviceId,
      ring,
      ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
    }),
    progress: liveProgressChannel({ live: ready, user, deviceId, ring }),
    outcome: outcomePublisher({ server, user, deviceId, ring }),
    async close() {
      const transport = await opening?.catch(() => undefined);
      opening = undefined;
      await transport?.close().catch(() => undefined);
    },
  };
}

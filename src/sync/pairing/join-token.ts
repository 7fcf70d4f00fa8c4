/**
 * The one-time join token, so a join code works once. The device that shows a code keeps
 * the token's hash and expiry (a pending join). The new device answers on the token's own
 * subject, `cs.<user>.join.<hash>`, published with "expect no message yet": the server
 * keeps one message per subject, so a second device using the same code is refused there
 * even when the first device is offline. The first device recognises the answer by the
 * token inside it (sealed under the journal key, so the server never sees the token), and
 * takes it only before the code expires and only once. The subject carries a hash of the
 * token, never the token.
 */
import { randomBytes, toHex } from '../seal/bytes';

const TOKEN_BYTES = 16;
export const JOIN_TOKEN_PATTERN = /^[0-9a-f]{32}$/;

export interface PendingJoin {
  readonly tokenHash: string;
  /** Milliseconds since 1970, UTC. */
  readonly expires: number;
  /** The device that joined with it; set once. */
  readonly joinedBy?: string;
}

export function newJoinToken(): string {
  return toHex(randomBytes(TOKEN_BYTES));
}

export async function joinTokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return toHex(new Uint8Array(digest).slice(0, 16));
}

export async function pendingJoin(token: string, expires: number): Promise<PendingJoin> {
  return { tokenHash: await joinTokenHash(token), expires };
}

/** Where the new device answers: readable by the server, and says nothing of the token. */
export function joinSubject(user: string, tokenHash: string): string {
  return `cs.${user}.join.${tokenHash}`;
}

export type JoinVerdict =
  | { verdict: 'accepted'; pending: PendingJoin }
  | { verdict: 'used' | 'expired' | 'unknown'; words: string };

/**
 * What the first device makes of an answer carrying `token` from `deviceId`, received at
 * `now` on its own clock. The same device answering again (a retried publish) is still
 * accepted, so a lost reply does not lock the new device out.
 */
export async function recogniseJoin(
  pending: PendingJoin | undefined,
  token: string,
  deviceId: string,
  now: number,
): Promise<JoinVerdict> {
  if (
    !pending ||
    !JOIN_TOKEN_PATTERN.test(token) ||
    (await joinTokenHash(token)) !== pending.tokenHash
  ) {
    return {
      verdict: 'unknown',
      words: 'A device answered with a code this device did not show; it was not added.',
    };
  }
  if (pending.joinedBy !== undefined && pending.joinedBy !== deviceId) {
    return {
      verdict: 'used',
      words:
        'This code was already used by another device. Tap Add a device again for a fresh code.',
    };
  }
  if (pending.joinedBy === undefined && pending.expires <= now) {
    return {
      verdict: 'expired',
      words:
        'This code expired before the new device answered. Tap Add a device again for a fresh code.',
    };
  }
  return { verdict: 'accepted', pending: { ...pending, joinedBy: deviceId } };
}

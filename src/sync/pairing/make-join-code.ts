/**
 * Making a join code on a synced device with a journal key: this device's server and
 * credentials (today one person has one server user; an operator may give each device its
 * own, docs/sync-server.md), the newest secret, the older generations sealed under it on
 * the code's own context, and a fresh one-time token with its pending record.
 */
import { toHex } from '../seal/bytes';
import { newestKey, type KeyRing } from '../seal/key-ring';
import { sealOlderKeys } from '../seal/older-keys';
import type { SyncConfig } from '../runtime/sync-config';
import { toBase64Url } from './base64url';
import { JOIN_CODE_LIFETIME_MS, type JoinCode } from './join-code';
import { newJoinToken, pendingJoin, type PendingJoin } from './join-token';

/** What the older keys are sealed to: the code's own token, so they cannot be lifted into another code. */
export function olderKeysContext(token: string): string {
  return `countersign/join/${token}`;
}

export type MadeJoinCode =
  { ok: true; code: JoinCode; pending: PendingJoin } | { ok: false; words: string };

export async function makeJoinCode(
  config: SyncConfig,
  ring: KeyRing,
  now: number,
): Promise<MadeJoinCode> {
  const newest = newestKey(ring);
  if (!newest) {
    return {
      ok: false,
      words:
        'This journal is not encrypted yet, so there is no key to hand on. Turn on “Encrypt this journal” first, then add the device.',
    };
  }
  const token = newJoinToken();
  const expires = now + JOIN_CODE_LIFETIME_MS;
  const older =
    ring.generations.length > 1
      ? toBase64Url(await sealOlderKeys(olderKeysContext(token), ring))
      : undefined;
  const code: JoinCode = {
    v: 1,
    url: config.url,
    user: config.user,
    secret: config.secret,
    key: toHex(newest.secret),
    ...(older === undefined ? {} : { older }),
    token,
    expires,
  };
  return { ok: true, code, pending: await pendingJoin(token, expires) };
}

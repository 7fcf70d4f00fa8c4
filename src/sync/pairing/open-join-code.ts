/**
 * On the new device: the key ring a join code carries (its newest secret, and the older
 * generations sealed under it), and the sync settings it will use. Never throws.
 */
import { fromHex } from '../seal/bytes';
import { deriveJournalKey } from '../seal/journal-key';
import { keyRing, type KeyRing } from '../seal/key-ring';
import { openOlderKeys } from '../seal/older-keys';
import type { SyncConfig } from '../runtime/sync-config';
import { fromBase64Url } from './base64url';
import type { JoinCode } from './join-code';
import { olderKeysContext } from './make-join-code';

export type OpenedJoinCode =
  { ok: true; ring: KeyRing; config: SyncConfig } | { ok: false; words: string };

export async function openJoinCode(code: JoinCode): Promise<OpenedJoinCode> {
  const secret = fromHex(code.key)!;
  const config: SyncConfig = { url: code.url, user: code.user, secret: code.secret, enabled: true };
  if (code.older === undefined) {
    return { ok: true, ring: keyRing([await deriveJournalKey(secret)]), config };
  }
  const sealed = fromBase64Url(code.older);
  const opened = sealed
    ? await openOlderKeys(olderKeysContext(code.token), secret, sealed)
    : { ok: false as const, reason: 'the older keys are not readable' };
  if (!opened.ok) {
    return {
      ok: false,
      words: `This code’s older journal keys could not be read (${opened.reason}). Tap Add a device again on your other device for a fresh code.`,
    };
  }
  return { ok: true, ring: opened.ring, config };
}

/**
 * Seal and open one message body with the journal key: AES-256-GCM, a fresh random
 * 96-bit nonce per message, the subject and key id bound as additional data (see
 * seal-format.ts). Operations, their parts, claims and snapshot parts are all sealed by
 * this one step. `open` never throws: it says what the bytes are.
 */
import { concatBytes, ownBytes, randomBytes } from './bytes';
import { findKey, newestKey, type KeyRing } from './key-ring';
import { additionalData, NONCE_BYTES, readSealed, sealHeader } from './seal-format';

export type OpenResult =
  | { outcome: 'opened'; keyId: string; plaintext: Uint8Array<ArrayBuffer> }
  /** Written before the journal was encrypted, or by a device that had not heard yet. */
  | { outcome: 'plain'; plaintext: Uint8Array<ArrayBuffer> }
  | { outcome: 'unknownKeyAnnounced'; keyId: string }
  | { outcome: 'unknownKeyNeverAnnounced'; keyId: string }
  | { outcome: 'tampered'; keyId: string }
  | { outcome: 'malformed'; reason: string };

export class NoJournalKeyError extends Error {
  override readonly name = 'NoJournalKeyError';
  constructor() {
    super('This device has no key for this journal yet: join with a code from another device.');
  }
}

export async function seal(
  subject: string,
  ring: KeyRing,
  plaintext: Uint8Array,
): Promise<Uint8Array<ArrayBuffer>> {
  const current = newestKey(ring);
  if (!current) throw new NoJournalKeyError();
  const header = sealHeader(current.keyId);
  const nonce = randomBytes(NONCE_BYTES);
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: nonce, additionalData: additionalData(header, subject) },
    current.key,
    ownBytes(plaintext),
  );
  return concatBytes(header, nonce, new Uint8Array(ciphertext));
}

/** Sealed when the journal has a key; the bytes as they are (plain, as before encryption) when not. */
export async function sealWhenKeyed(subject: string, ring: KeyRing, plaintext: Uint8Array) {
  return newestKey(ring) ? seal(subject, ring, plaintext) : ownBytes(plaintext);
}

export async function open(subject: string, ring: KeyRing, bytes: Uint8Array): Promise<OpenResult> {
  const read = readSealed(bytes);
  if (read.kind === 'malformed') return { outcome: 'malformed', reason: read.reason };
  if (read.kind === 'plain') return { outcome: 'plain', plaintext: ownBytes(bytes) };
  const { keyId, header, nonce, ciphertext } = read.parts;
  const key = findKey(ring, keyId);
  if (!key) {
    return ring.announcedKeyIds.has(keyId)
      ? { outcome: 'unknownKeyAnnounced', keyId }
      : { outcome: 'unknownKeyNeverAnnounced', keyId };
  }
  try {
    const plaintext = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: nonce, additionalData: additionalData(header, subject) },
      key.key,
      ciphertext,
    );
    return { outcome: 'opened', keyId, plaintext: new Uint8Array(plaintext) };
  } catch {
    return { outcome: 'tampered', keyId };
  }
}

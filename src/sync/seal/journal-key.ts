/**
 * The journal secret and what is derived from it. The secret is 32 random bytes; HKDF-
 * SHA-256 derives, each under its own info string, the message key (AES-256-GCM, not
 * extractable), its key id (printed in every sealed message) and the fingerprint a person
 * compares on two devices. The salt is empty: the secret is already uniformly random
 * (RFC 5869 §3.1), and the info strings keep the outputs independent.
 */
import { ownBytes, randomBytes, toHex } from './bytes';

export const JOURNAL_SECRET_BYTES = 32;

export const HKDF_INFO = Object.freeze({
  messageKey: 'countersign/v1/message-key',
  keyId: 'countersign/v1/key-id',
  fingerprint: 'countersign/v1/fingerprint',
  subjectKey: 'countersign/v1/subject-key',
});

/** 8 bytes as 16 lowercase hex characters: short, printable, usable in a subject. */
const KEY_ID_BYTES = 8;
export const KEY_ID_PATTERN = /^[0-9a-f]{16}$/;

/** One generation of the journal key. `secret` is kept for the recovery phrase and for handing the key on. */
export interface JournalKey {
  readonly keyId: string;
  readonly key: CryptoKey;
  readonly secret: Uint8Array<ArrayBuffer>;
}

export class InvalidJournalSecretError extends Error {
  override readonly name = 'InvalidJournalSecretError';
  constructor(length: number) {
    super(
      `A journal key is ${JOURNAL_SECRET_BYTES} bytes; this one has ${length}. ` +
        'Join again with a code from one of your devices, or enter the recovery phrase again.',
    );
  }
}

export function newJournalSecret(): Uint8Array<ArrayBuffer> {
  return randomBytes(JOURNAL_SECRET_BYTES);
}

async function hkdfBase(secret: Uint8Array): Promise<CryptoKey> {
  if (secret.byteLength !== JOURNAL_SECRET_BYTES) {
    throw new InvalidJournalSecretError(secret.byteLength);
  }
  return crypto.subtle.importKey('raw', ownBytes(secret), 'HKDF', false, [
    'deriveKey',
    'deriveBits',
  ]);
}

function hkdfParams(info: string): HkdfParams {
  return {
    name: 'HKDF',
    hash: 'SHA-256',
    salt: new Uint8Array(0),
    info: new TextEncoder().encode(info),
  };
}

/** The HMAC-SHA-256 key for subject tokens (subject-token.ts), not extractable. */
export async function deriveSubjectKey(secret: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.deriveKey(
    hkdfParams(HKDF_INFO.subjectKey),
    await hkdfBase(secret),
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign'],
  );
}

/** `length` bytes of HKDF output for `info`: for ids and fingerprints, never for keys. */
export async function hkdfBytes(secret: Uint8Array, info: string, length: number) {
  const bits = await crypto.subtle.deriveBits(hkdfParams(info), await hkdfBase(secret), length * 8);
  return new Uint8Array(bits);
}

/** The same secret always gives the same key and key id, on every device. */
export async function deriveJournalKey(secret: Uint8Array): Promise<JournalKey> {
  const base = await hkdfBase(secret);
  const key = await crypto.subtle.deriveKey(
    hkdfParams(HKDF_INFO.messageKey),
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  const idBits = await crypto.subtle.deriveBits(
    hkdfParams(HKDF_INFO.keyId),
    base,
    KEY_ID_BYTES * 8,
  );
  return { keyId: toHex(new Uint8Array(idBits)), key, secret: ownBytes(secret) };
}

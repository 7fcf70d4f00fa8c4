/**
 * The bytes of a sealed message, version 1:
 *
 *   0xFF | version (1) | key id length (1) | key id (ASCII) | nonce (12) | AES-GCM ciphertext and tag
 *
 * 0xFF never begins UTF-8 text, so a sealed body is never mistaken for a plain JSON one.
 * The additional authenticated data is the header up to the key id, then the subject
 * (length first): moving a message to another subject, relabelling it with another key
 * id or another version makes it fail to open.
 */
import { ENVELOPE_LIMITS } from '../../domain/sync-envelope';
import { concatBytes, lengthPrefixedSubject } from './bytes';
import { KEY_ID_PATTERN } from './journal-key';

const SEAL_MAGIC = 0xff;
const SEAL_VERSION = 1;
export const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const OPEN_BRACE = 0x7b;
const JSON_WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Bytes a sealed message adds to its plaintext (with a 16-character key id). */
export const SEAL_OVERHEAD_BYTES = 3 + 16 + NONCE_BYTES + TAG_BYTES;

export interface SealedParts {
  readonly keyId: string;
  readonly nonce: Uint8Array<ArrayBuffer>;
  readonly ciphertext: Uint8Array<ArrayBuffer>;
  readonly header: Uint8Array<ArrayBuffer>;
}

export type ReadSealed =
  | { kind: 'sealed'; parts: SealedParts }
  | { kind: 'plain' }
  | { kind: 'malformed'; reason: string };

export function sealHeader(keyId: string): Uint8Array<ArrayBuffer> {
  const id = new TextEncoder().encode(keyId);
  return concatBytes(Uint8Array.of(SEAL_MAGIC, SEAL_VERSION, id.byteLength), id);
}

export function additionalData(header: Uint8Array, subject: string): Uint8Array<ArrayBuffer> {
  return concatBytes(header, lengthPrefixedSubject(subject));
}

function looksLikeJson(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (JSON_WHITESPACE.has(byte)) continue;
    return byte === OPEN_BRACE;
  }
  return false;
}

/** Splits a message body into its sealed parts, or says it is plain JSON, or why it is neither. */
export function readSealed(bytes: Uint8Array): ReadSealed {
  if (bytes.byteLength > ENVELOPE_LIMITS.maxMessageBytes) {
    return {
      kind: 'malformed',
      reason: `it has ${bytes.byteLength} bytes, over the ${ENVELOPE_LIMITS.maxMessageBytes} a message may have`,
    };
  }
  if (bytes[0] !== SEAL_MAGIC) {
    return looksLikeJson(bytes)
      ? { kind: 'plain' }
      : { kind: 'malformed', reason: 'it is neither a sealed message nor JSON text' };
  }
  const version = bytes[1];
  if (version !== SEAL_VERSION) {
    return {
      kind: 'malformed',
      reason:
        version === undefined
          ? 'it ends after its first byte'
          : `it was sealed in format ${version}, and this app reads format ${SEAL_VERSION} (update the app if that one is newer)`,
    };
  }
  const idLength = bytes[2] ?? 0;
  const idEnd = 3 + idLength;
  const keyId = new TextDecoder().decode(bytes.subarray(3, idEnd));
  if (!KEY_ID_PATTERN.test(keyId)) {
    return { kind: 'malformed', reason: 'its key id is not one this app writes' };
  }
  if (bytes.byteLength < idEnd + NONCE_BYTES + TAG_BYTES) {
    return { kind: 'malformed', reason: 'it is cut short' };
  }
  return {
    kind: 'sealed',
    parts: {
      keyId,
      header: bytes.slice(0, idEnd),
      nonce: bytes.slice(idEnd, idEnd + NONCE_BYTES),
      ciphertext: bytes.slice(idEnd + NONCE_BYTES),
    },
  };
}

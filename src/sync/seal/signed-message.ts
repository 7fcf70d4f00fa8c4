/**
 * The signature around what a device publishes, version 1:
 *
 *   0xFE | version (1) | device id length (1) | device id (ASCII) | ECDSA P-256 signature (64) | body
 *
 * The body is the message as before (sealed, or plain JSON). The signature covers the
 * header up to the device id, the subject (length first) and the body, so a signed message
 * moved to another subject, or relabelled with another device, no longer verifies. 0xFE
 * never begins UTF-8 text nor a sealed body (0xFF), so the three kinds never mix.
 */
import { concatBytes, lengthPrefixedSubject } from './bytes';
import { signBytes, verifySignature } from './device-signature';

const SIGNED_MAGIC = 0xfe;
const SIGNED_VERSION = 1;
const SIGNATURE_BYTES = 64;
/** Device ids are uuids; anything like a subject token fits. */
const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export interface Signer {
  deviceId: string;
  privateKey: CryptoKey;
}

export type ReadSigned =
  | { kind: 'unsigned' }
  | {
      kind: 'signed';
      deviceId: string;
      body: Uint8Array<ArrayBuffer>;
      verify(key: CryptoKey): Promise<boolean>;
    }
  | { kind: 'malformed'; reason: string };

/** Bytes the signature adds to a message from `deviceId`. */
export function signatureOverhead(deviceId: string): number {
  return 3 + new TextEncoder().encode(deviceId).byteLength + SIGNATURE_BYTES;
}

function header(deviceId: string): Uint8Array<ArrayBuffer> {
  const id = new TextEncoder().encode(deviceId);
  return concatBytes(Uint8Array.of(SIGNED_MAGIC, SIGNED_VERSION, id.byteLength), id);
}

function signedPart(head: Uint8Array, subject: string, body: Uint8Array): Uint8Array<ArrayBuffer> {
  return concatBytes(head, lengthPrefixedSubject(subject), body);
}

export async function signMessage(
  subject: string,
  signer: Signer,
  body: Uint8Array,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!DEVICE_ID_PATTERN.test(signer.deviceId)) {
    throw new RangeError('A device id is 1-100 letters, digits, "-" or "_".');
  }
  const head = header(signer.deviceId);
  const signature = await signBytes(signer.privateKey, signedPart(head, subject, body));
  return concatBytes(head, signature, body);
}

/** Says whether `bytes` are signed, and by which device; never throws. */
export function readSigned(subject: string, bytes: Uint8Array): ReadSigned {
  if (bytes[0] !== SIGNED_MAGIC) return { kind: 'unsigned' };
  const version = bytes[1];
  if (version !== SIGNED_VERSION) {
    return {
      kind: 'malformed',
      reason:
        version === undefined
          ? 'its signature ends after its first byte'
          : `it was signed in format ${version}, and this app reads format ${SIGNED_VERSION} (update the app if that one is newer)`,
    };
  }
  const idEnd = 3 + (bytes[2] ?? 0);
  const deviceId = new TextDecoder().decode(bytes.subarray(3, idEnd));
  if (!DEVICE_ID_PATTERN.test(deviceId) || bytes.byteLength < idEnd + SIGNATURE_BYTES) {
    return { kind: 'malformed', reason: 'its signature is cut short or names no device' };
  }
  const head = bytes.slice(0, idEnd);
  const signature = bytes.slice(idEnd, idEnd + SIGNATURE_BYTES);
  const body = bytes.slice(idEnd + SIGNATURE_BYTES);
  return {
    kind: 'signed',
    deviceId,
    body,
    verify: (key) => verifySignature(key, signature, signedPart(head, subject, body)),
  };
}

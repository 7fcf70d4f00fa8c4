/**
 * Sealing bytes (a journal secret) to one device's ECDH P-256 public key, ECIES-style
 * with Web Crypto's primitives only:
 *
 *   an ephemeral P-256 key pair; shared = ECDH(ephemeral private, recipient public);
 *   key = HKDF-SHA-256(shared, salt = ephemeral public ‖ recipient public (raw, 65 bytes
 *   each), info "countersign/v1/seal-to-device") as AES-256-GCM; a random 96-bit nonce;
 *   additional data = the format byte and the context (what this is for and to whom, such
 *   as the key subject and the device id).
 *
 *   bytes: 0x01 | ephemeral public (65) | nonce (12) | ciphertext and tag
 *
 * Only the holder of the recipient's private key opens it; the ephemeral private key is
 * never stored, so a sealed secret does not depend on the sender's own keys.
 */
import { concatBytes, ownBytes, randomBytes } from './bytes';

const FORMAT = 0x01;
const POINT_BYTES = 65;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const INFO = 'countersign/v1/seal-to-device';

async function rawPublic(key: CryptoKey) {
  return new Uint8Array(await crypto.subtle.exportKey('raw', key));
}

async function messageKey(
  privateKey: CryptoKey,
  publicKey: CryptoKey,
  salt: Uint8Array<ArrayBuffer>,
  usage: 'encrypt' | 'decrypt',
) {
  const shared = await crypto.subtle.deriveBits(
    { name: 'ECDH', public: publicKey },
    privateKey,
    256,
  );
  const base = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: new TextEncoder().encode(INFO) },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

function additionalData(context: string) {
  return concatBytes(Uint8Array.of(FORMAT), new TextEncoder().encode(context));
}

export async function sealForDevice(
  recipient: CryptoKey,
  plaintext: Uint8Array,
  context: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const ephemeral = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
    'deriveBits',
  ]);
  const ephemeralPublic = await rawPublic(ephemeral.publicKey);
  const salt = concatBytes(ephemeralPublic, await rawPublic(recipient));
  const key = await messageKey(ephemeral.privateKey, recipient, salt, 'encrypt');
  const nonce = randomBytes(NONCE_BYTES);
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: nonce, additionalData: additionalData(context) },
    key,
    ownBytes(plaintext),
  );
  return concatBytes(Uint8Array.of(FORMAT), ephemeralPublic, nonce, new Uint8Array(ciphertext));
}

export type OpenedForDevice =
  { ok: true; plaintext: Uint8Array<ArrayBuffer> } | { ok: false; reason: string };

/** Opens what was sealed to this device. Never throws. */
export async function openForThisDevice(
  own: CryptoKeyPair,
  sealed: Uint8Array,
  context: string,
): Promise<OpenedForDevice> {
  if (sealed[0] !== FORMAT || sealed.byteLength < 1 + POINT_BYTES + NONCE_BYTES + TAG_BYTES) {
    return {
      ok: false,
      reason: 'The key sent to this device could not be read (update the app?).',
    };
  }
  const ephemeralPublic = sealed.slice(1, 1 + POINT_BYTES);
  try {
    const ephemeral = await crypto.subtle.importKey(
      'raw',
      ephemeralPublic,
      { name: 'ECDH', namedCurve: 'P-256' },
      true,
      [],
    );
    const salt = concatBytes(ephemeralPublic, await rawPublic(own.publicKey));
    const key = await messageKey(own.privateKey, ephemeral, salt, 'decrypt');
    const plaintext = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: sealed.slice(1 + POINT_BYTES, 1 + POINT_BYTES + NONCE_BYTES),
        additionalData: additionalData(context),
      },
      key,
      sealed.slice(1 + POINT_BYTES + NONCE_BYTES),
    );
    return { ok: true, plaintext: new Uint8Array(plaintext) };
  } catch {
    return {
      ok: false,
      reason:
        'The key sent here was sealed for another device, or changed on the way: ask one of ' +
        'your other devices to add this one again.',
    };
  }
}

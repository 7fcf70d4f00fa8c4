/**
 * Signing bytes with this device's ECDSA P-256 key (SHA-256; the signature is the 64
 * bytes r‖s Web Crypto writes), and checking another device's signature.
 */
import { ownBytes } from './bytes';

const ALGORITHM: EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' };
const SIGNATURE_BYTES = 64;

export async function signBytes(privateKey: CryptoKey, bytes: Uint8Array) {
  return new Uint8Array(await crypto.subtle.sign(ALGORITHM, privateKey, ownBytes(bytes)));
}

/** True only for a valid signature of exactly these bytes; never throws. */
export async function verifySignature(
  publicKey: CryptoKey,
  signature: Uint8Array,
  bytes: Uint8Array,
): Promise<boolean> {
  if (signature.byteLength !== SIGNATURE_BYTES) return false;
  try {
    return await crypto.subtle.verify(ALGORITHM, publicKey, ownBytes(signature), ownBytes(bytes));
  } catch {
    return false;
  }
}

/**
 * Each device's two key pairs (Web Crypto, P-256, private halves not extractable): ECDH
 * to be handed a journal key, ECDSA to sign what it publishes. The public halves go into
 * the device's record as JWKs, parsed with zod when read from another device.
 */
import { publicJwkSchema, type DevicePublicKeys, type PublicJwk } from '../../domain/device';
import {
  getDeviceKeyDatabase,
  keepDeviceKeys,
  readDeviceKeys,
  type DeviceKeyDatabase,
  type DeviceKeysRow,
} from '../../db/device-key-store';

export type DeviceKeys = Pick<DeviceKeysRow, 'agreement' | 'signing'>;

const CURVE = 'P-256';

export async function generateDeviceKeys(): Promise<DeviceKeys> {
  const [agreement, signing] = await Promise.all([
    crypto.subtle.generateKey({ name: 'ECDH', namedCurve: CURVE }, false, ['deriveBits']),
    crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: CURVE }, false, ['sign', 'verify']),
  ]);
  return { agreement, signing };
}

/** This device's keys, made and stored the first time they are asked for. */
export async function deviceKeys(
  db: DeviceKeyDatabase = getDeviceKeyDatabase(),
): Promise<DeviceKeys> {
  const stored = await readDeviceKeys(db);
  if (stored) return stored;
  const created = await generateDeviceKeys();
  return keepDeviceKeys(db, { ...created, createdAt: new Date().toISOString() });
}

async function publicJwk(key: CryptoKey): Promise<PublicJwk> {
  const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', key);
  return publicJwkSchema.parse({ kty, crv, x, y });
}

export async function exportDevicePublicKeys(keys: DeviceKeys): Promise<DevicePublicKeys> {
  return {
    agreement: await publicJwk(keys.agreement.publicKey),
    signing: await publicJwk(keys.signing.publicKey),
  };
}

export type ImportedKey = { ok: true; key: CryptoKey } | { ok: false; reason: string };

/** Another device's public key from its record. Never throws: a bad key is refused in words. */
export async function importDevicePublicKey(
  use: 'agreement' | 'signing',
  jwk: unknown,
): Promise<ImportedKey> {
  const parsed = publicJwkSchema.safeParse(jwk);
  const what = use === 'agreement' ? 'key for handing it the journal key' : 'signing key';
  if (!parsed.success) {
    return { ok: false, reason: `The device's ${what} is not a P-256 public key this app reads.` };
  }
  try {
    const key = await crypto.subtle.importKey(
      'jwk',
      { ...parsed.data, ext: true },
      use === 'agreement'
        ? { name: 'ECDH', namedCurve: CURVE }
        : { name: 'ECDSA', namedCurve: CURVE },
      true,
      use === 'agreement' ? [] : ['verify'],
    );
    return { ok: true, key };
  } catch {
    return { ok: false, reason: `The device's ${what} is not a point on P-256: it was refused.` };
  }
}

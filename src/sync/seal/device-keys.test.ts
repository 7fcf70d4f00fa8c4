// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DeviceKeyDatabase } from '../../db/device-key-store';
import {
  deviceKeys,
  exportDevicePublicKeys,
  generateDeviceKeys,
  importDevicePublicKey,
} from './device-keys';
import { signBytes, verifySignature } from './device-signature';
import { newJournalSecret } from './journal-key';
import { openForThisDevice, sealForDevice } from './seal-to-device';

const CONTEXT = 'cs.alice.keys.0123456789abcdef/device-b';
const flip = (bytes: Uint8Array, index: number) => {
  const copy = new Uint8Array(bytes);
  copy[index]! ^= 0x01;
  return copy;
};

describe('device keys', () => {
  it('are made once, kept in their own database, and private halves never leave', async () => {
    const db = new DeviceKeyDatabase(`device-keys-${crypto.randomUUID()}`);
    const first = await deviceKeys(db);
    const again = await deviceKeys(db);
    const reopened = await deviceKeys(new DeviceKeyDatabase(db.name));
    for (const keys of [again, reopened]) {
      expect(await exportDevicePublicKeys(keys)).toEqual(await exportDevicePublicKeys(first));
    }
    expect(db.name).not.toBe('countersign');
    expect(reopened.agreement.privateKey.extractable).toBe(false);
    expect(reopened.signing.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('jwk', reopened.signing.privateKey)).rejects.toThrow();
  });

  it('end the same on two tabs that make them at once', async () => {
    const db = new DeviceKeyDatabase(`device-keys-${crypto.randomUUID()}`);
    const [one, two] = await Promise.all([deviceKeys(db), deviceKeys(db)]);
    expect(await exportDevicePublicKeys(one)).toEqual(await exportDevicePublicKeys(two));
    expect(await db.keys.count()).toBe(1);
  });

  it('export public keys as bare JWKs that another device imports', async () => {
    const published = await exportDevicePublicKeys(await generateDeviceKeys());
    expect(Object.keys(published.agreement).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    expect((await importDevicePublicKey('agreement', published.agreement)).ok).toBe(true);
    expect((await importDevicePublicKey('signing', published.signing)).ok).toBe(true);
  });

  it('refuse a public key that is not one, in words', async () => {
    const { agreement } = await exportDevicePublicKeys(await generateDeviceKeys());
    expect(await importDevicePublicKey('agreement', { ...agreement, crv: 'P-384' })).toEqual({
      ok: false,
      reason: expect.stringMatching(/not a P-256 public key/),
    });
    const offCurve = { ...agreement, y: agreement.x };
    expect(await importDevicePublicKey('signing', offCurve)).toEqual({
      ok: false,
      reason: expect.stringMatching(/signing key is not a point on P-256/),
    });
  });
});

describe('sealing a journal secret to a device', () => {
  it('opens on that device only', async () => {
    const [tablet, laptop] = [await generateDeviceKeys(), await generateDeviceKeys()];
    const secret = newJournalSecret();
    const sealed = await sealForDevice(tablet.agreement.publicKey, secret, CONTEXT);
    expect(await openForThisDevice(tablet.agreement, sealed, CONTEXT)).toEqual({
      ok: true,
      plaintext: secret,
    });
    expect(await openForThisDevice(laptop.agreement, sealed, CONTEXT)).toEqual({
      ok: false,
      reason: expect.stringMatching(/sealed for another device/),
    });
  });

  it('refuses a flipped bit, another context and cut bytes', async () => {
    const tablet = await generateDeviceKeys();
    const sealed = await sealForDevice(tablet.agreement.publicKey, newJournalSecret(), CONTEXT);
    for (const index of [5, 70, sealed.length - 1]) {
      expect((await openForThisDevice(tablet.agreement, flip(sealed, index), CONTEXT)).ok).toBe(
        false,
      );
    }
    expect((await openForThisDevice(tablet.agreement, sealed, `${CONTEXT}x`)).ok).toBe(false);
    expect(await openForThisDevice(tablet.agreement, sealed.subarray(0, 40), CONTEXT)).toEqual({
      ok: false,
      reason: expect.stringMatching(/could not be read/),
    });
  });
});

describe('device signatures', () => {
  it('verify what the device signed, and nothing else', async () => {
    const [tablet, laptop] = [await generateDeviceKeys(), await generateDeviceKeys()];
    const bytes = new TextEncoder().encode('{"operationId":"op-1"}');
    const signature = await signBytes(tablet.signing.privateKey, bytes);
    expect(await verifySignature(tablet.signing.publicKey, signature, bytes)).toBe(true);
    expect(await verifySignature(tablet.signing.publicKey, signature, flip(bytes, 3))).toBe(false);
    expect(await verifySignature(tablet.signing.publicKey, flip(signature, 10), bytes)).toBe(false);
    expect(await verifySignature(laptop.signing.publicKey, signature, bytes)).toBe(false);
    expect(await verifySignature(tablet.signing.publicKey, signature.subarray(1), bytes)).toBe(
      false,
    );
  });

  it('checks a signature with the public key as another device imports it', async () => {
    const tablet = await generateDeviceKeys();
    const published = await exportDevicePublicKeys(tablet);
    const imported = await importDevicePublicKey('signing', published.signing);
    if (!imported.ok) throw new Error(imported.reason);
    const bytes = Uint8Array.of(1, 2, 3);
    const signature = await signBytes(tablet.signing.privateKey, bytes);
    expect(await verifySignature(imported.key, signature, bytes)).toBe(true);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { generateDeviceKeys } from './device-keys';
import { readSigned, signMessage } from './signed-message';
import { attributionProblem, checkSignature, type SignerLookup } from './signers';

const text = (value: string) => new TextEncoder().encode(value);
const subject = 'cs.alice.ops.op-1';

async function twoDevices() {
  const [laptop, hostile] = await Promise.all([generateDeviceKeys(), generateDeviceKeys()]);
  const removed = new Set<string>();
  const lookup: SignerLookup = (deviceId) => {
    const keys = deviceId === 'laptop' ? laptop : deviceId === 'hostile' ? hostile : undefined;
    if (!keys) return Promise.resolve({ kind: 'unknown' });
    const key = keys.signing.publicKey;
    return Promise.resolve(
      removed.has(deviceId)
        ? { kind: 'removed', key, removedAt: '2026-11-27T09:00:00.000Z' }
        : { kind: 'known', key, name: deviceId === 'laptop' ? 'Laptop' : 'Old phone' },
    );
  };
  const as = (deviceId: string, keys = deviceId === 'laptop' ? laptop : hostile) => ({
    deviceId,
    privateKey: keys.signing.privateKey,
  });
  return { lookup, as, removed, hostile };
}

describe('signed messages', () => {
  it('hands on the body of a message its device signed, and who signed it', async () => {
    const { lookup, as } = await twoDevices();
    const bytes = await signMessage(subject, as('laptop'), text('{"a":1}'));
    expect(bytes[0]).toBe(0xfe);
    const checked = await checkSignature(subject, bytes, lookup);
    expect(checked).toEqual({ ok: true, body: text('{"a":1}'), signedBy: 'laptop' });
  });

  it('refuses a changed body, another subject, and a key that is not the named device’s', async () => {
    const { lookup, as, hostile } = await twoDevices();
    const bytes = await signMessage(subject, as('laptop'), text('{"a":1}'));
    const changed = Uint8Array.from(bytes);
    changed[changed.length - 2]! ^= 1;
    const forged = await signMessage(subject, as('laptop', hostile), text('{"a":1}'));
    for (const [where, message] of [
      [subject, changed],
      ['cs.alice.ops.op-2', bytes],
      [subject, forged],
    ] as const) {
      const checked = await checkSignature(where, message, lookup);
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.words).toMatch(/signed by device “Laptop”.*does not match/);
    }
  });

  it('refuses what a removed device signs once its removal is known', async () => {
    const { lookup, as, removed } = await twoDevices();
    const bytes = await signMessage(subject, as('hostile'), text('{}'));
    expect((await checkSignature(subject, bytes, lookup)).ok).toBe(true);
    removed.add('hostile');
    const checked = await checkSignature(subject, bytes, lookup);
    expect(checked).toEqual({
      ok: false,
      words: expect.stringMatching(/removed from this journal on 2026-11-27/),
    });
  });

  it('takes the signature off a device it does not know, keeping it to check later', async () => {
    const { lookup, as } = await twoDevices();
    const bytes = await signMessage(subject, as('stranger'), text('{}'));
    expect(await checkSignature(subject, bytes, lookup)).toEqual({
      ok: true,
      body: text('{}'),
      unchecked: bytes,
    });
  });

  it('says what is wrong with a signature that is cut short or from a newer app', () => {
    expect(readSigned(subject, Uint8Array.of(0xfe, 2))).toMatchObject({
      reason: expect.stringMatching(/format 2.*update the app/),
    });
    expect(readSigned(subject, Uint8Array.of(0xfe, 1, 3, 0x61, 0x62, 0x63, 1))).toMatchObject({
      kind: 'malformed',
    });
    expect(readSigned(subject, text('{}'))).toEqual({ kind: 'unsigned' });
  });
});

describe('who an operation may speak for', () => {
  it('lets a device speak only for itself', async () => {
    const { lookup } = await twoDevices();
    expect(await attributionProblem(lookup, 'laptop', 'laptop')).toBeUndefined();
    expect(await attributionProblem(lookup, 'laptop', 'hostile')).toMatch(
      /from device laptop, but device “Old phone” \(hostile\) signed it/,
    );
  });

  it('refuses an unsigned message naming a device that signs, and takes one naming a stranger', async () => {
    const { lookup } = await twoDevices();
    expect(await attributionProblem(lookup, 'laptop', undefined)).toMatch(/it is not signed/);
    expect(await attributionProblem(lookup, 'stranger', undefined)).toBeUndefined();
  });
});

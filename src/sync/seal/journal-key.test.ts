// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { journalKeyFingerprint } from './fingerprint';
import { deriveJournalKey, InvalidJournalSecretError, newJournalSecret } from './journal-key';
import { keyRing } from './key-ring';
import { openOlderKeys, sealOlderKeys } from './older-keys';
import { open, seal } from './seal';

const SUBJECT = 'cs.alice.ops.1';
const secretOf = (fill: number) => new Uint8Array(32).fill(fill);

describe('the journal key', () => {
  it('derives the same key and key id from the same secret, on any device', async () => {
    const secret = newJournalSecret();
    const [one, two] = [await deriveJournalKey(secret), await deriveJournalKey(secret)];
    expect(one.keyId).toBe(two.keyId);
    expect(one.keyId).toMatch(/^[0-9a-f]{16}$/);
    const sealed = await seal(SUBJECT, keyRing([one]), Uint8Array.of(123, 125));
    expect((await open(SUBJECT, keyRing([two]), sealed)).outcome).toBe('opened');
    expect((await deriveJournalKey(secretOf(1))).keyId).toBe(
      (await deriveJournalKey(secretOf(1))).keyId,
    );
  });

  it('gives different secrets different key ids, and keeps the message key unexportable', async () => {
    const [one, two] = [await deriveJournalKey(secretOf(1)), await deriveJournalKey(secretOf(2))];
    expect(one.keyId).not.toBe(two.keyId);
    expect(one.key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', one.key)).rejects.toThrow();
  });

  it('refuses a secret of the wrong length in words', async () => {
    await expect(deriveJournalKey(new Uint8Array(16))).rejects.toThrow(InvalidJournalSecretError);
    await expect(deriveJournalKey(new Uint8Array(16))).rejects.toThrow(/32 bytes; this one has 16/);
  });

  it('has a fingerprint of five words, the same on every device and different per secret', async () => {
    const secret = newJournalSecret();
    const fingerprint = await journalKeyFingerprint(secret);
    expect(fingerprint.split(' ')).toHaveLength(5);
    expect(await journalKeyFingerprint(new Uint8Array(secret))).toBe(fingerprint);
    expect(await journalKeyFingerprint(secretOf(9))).not.toBe(
      await journalKeyFingerprint(secretOf(8)),
    );
  });
});

describe('handing on the key ring', () => {
  it('opens every generation from the newest secret and the older ones sealed under it', async () => {
    const generations = await Promise.all(
      [3, 2, 1].map((fill) => deriveJournalKey(secretOf(fill))),
    );
    const ring = keyRing(generations);
    const oldMessage = await seal(SUBJECT, keyRing([generations[2]!]), Uint8Array.of(123, 125));
    const sealed = await sealOlderKeys('cs.alice.keys.x', ring);
    const opened = await openOlderKeys('cs.alice.keys.x', secretOf(3), sealed);
    if (!opened.ok) throw new Error(opened.reason);
    expect(opened.ring.generations.map((key) => key.keyId)).toEqual(
      generations.map((key) => key.keyId),
    );
    expect((await open(SUBJECT, opened.ring, oldMessage)).outcome).toBe('opened');
  });

  it('refuses older keys under another secret or subject, in words', async () => {
    const ring = keyRing([
      await deriveJournalKey(secretOf(3)),
      await deriveJournalKey(secretOf(2)),
    ]);
    const sealed = await sealOlderKeys('cs.alice.keys.x', ring);
    const wrongSecret = await openOlderKeys('cs.alice.keys.x', secretOf(4), sealed);
    expect(wrongSecret).toEqual({ ok: false, reason: expect.stringMatching(/never used/) });
    const moved = await openOlderKeys('cs.alice.keys.y', secretOf(3), sealed);
    expect(moved).toEqual({
      ok: false,
      reason: expect.stringMatching(/changed after it was sealed/),
    });
  });
});

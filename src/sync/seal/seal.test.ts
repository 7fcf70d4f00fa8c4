// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toHex } from './bytes';
import { describeOpenResult } from './describe-open';
import { deriveJournalKey, newJournalSecret } from './journal-key';
import { keyRing, NO_KEYS } from './key-ring';
import { NoJournalKeyError, open, seal } from './seal';
import { NONCE_BYTES, SEAL_OVERHEAD_BYTES } from './seal-format';

const SUBJECT = 'cs.alice.ops.3f9a-01';
const text = (value: string) => new TextEncoder().encode(value);
const body = text(JSON.stringify({ v: 1, title: 'Call the plumber about the boiler' }));

async function ringOf(count = 1, announced: string[] = []) {
  const keys = await Promise.all(
    Array.from({ length: count }, () => deriveJournalKey(newJournalSecret())),
  );
  return keyRing(keys, announced);
}

function flipBit(bytes: Uint8Array, index: number): Uint8Array {
  const copy = new Uint8Array(bytes);
  copy[index]! ^= 0x01;
  return copy;
}

/** Offset of the nonce in a sealed message: magic, version, key id length, key id. */
const NONCE_AT = 3 + 16;

describe('seal and open', () => {
  it('round-trips a message, and the server sees none of its text', async () => {
    const ring = await ringOf();
    const sealed = await seal(SUBJECT, ring, body);
    expect(new TextDecoder('latin1').decode(sealed)).not.toContain('plumber');
    expect(sealed.byteLength).toBe(body.byteLength + SEAL_OVERHEAD_BYTES);
    const opened = await open(SUBJECT, ring, sealed);
    expect(opened).toEqual({
      outcome: 'opened',
      keyId: ring.generations[0]!.keyId,
      plaintext: body,
    });
  });

  it('refuses a flipped bit anywhere in the ciphertext or the tag as tampered', async () => {
    const ring = await ringOf();
    const sealed = await seal(SUBJECT, ring, body);
    for (const index of [NONCE_AT + NONCE_BYTES, NONCE_AT + NONCE_BYTES + 20, sealed.length - 1]) {
      expect((await open(SUBJECT, ring, flipBit(sealed, index))).outcome).toBe('tampered');
    }
  });

  it('refuses a flipped bit in the nonce as tampered', async () => {
    const ring = await ringOf();
    const sealed = await seal(SUBJECT, ring, body);
    for (let index = NONCE_AT; index < NONCE_AT + NONCE_BYTES; index += 1) {
      expect((await open(SUBJECT, ring, flipBit(sealed, index))).outcome).toBe('tampered');
    }
  });

  it('refuses a message moved to another subject as tampered', async () => {
    const ring = await ringOf();
    const sealed = await seal(SUBJECT, ring, body);
    expect((await open('cs.alice.ops.3f9a-00', ring, sealed)).outcome).toBe('tampered');
    expect((await open('cs.bob.ops.3f9a-01', ring, sealed)).outcome).toBe('tampered');
  });

  it('refuses a message relabelled with another key id the journal holds as tampered', async () => {
    const ring = await ringOf(2);
    const [newest, older] = ring.generations;
    const sealed = await seal(SUBJECT, ring, body);
    const relabelled = new Uint8Array(sealed);
    relabelled.set(text(older!.keyId), 3);
    expect(toHex(sealed.subarray(3, 19))).not.toBe(toHex(relabelled.subarray(3, 19)));
    expect(await open(SUBJECT, ring, relabelled)).toEqual({
      outcome: 'tampered',
      keyId: older!.keyId,
    });
    expect(newest!.keyId).not.toBe(older!.keyId);
  });

  it('never opens a message whose key id has a flipped bit', async () => {
    const ring = await ringOf();
    const sealed = await seal(SUBJECT, ring, body);
    for (let index = 3; index < NONCE_AT; index += 1) {
      const outcome = (await open(SUBJECT, ring, flipBit(sealed, index))).outcome;
      expect(['unknownKeyNeverAnnounced', 'malformed']).toContain(outcome);
    }
  });

  it('refuses a message with its format version changed', async () => {
    const ring = await ringOf();
    const sealed = await seal(SUBJECT, ring, body);
    const result = await open(SUBJECT, ring, flipBit(sealed, 1));
    expect(result.outcome).toBe('malformed');
    expect(describeOpenResult(result)).toMatch(/format 0.*update the app/);
  });

  it('never repeats a nonce across 100,000 seals', async () => {
    const ring = await ringOf();
    const nonces = new Set<string>();
    const count = 100_000;
    for (let batch = 0; batch < count / 1_000; batch += 1) {
      const sealed = await Promise.all(
        Array.from({ length: 1_000 }, () => seal(SUBJECT, ring, body)),
      );
      for (const message of sealed)
        nonces.add(toHex(message.subarray(NONCE_AT, NONCE_AT + NONCE_BYTES)));
    }
    expect(nonces.size).toBe(count);
  }, 60_000);

  it('tells a key announced but not yet here from one never announced', async () => {
    const writer = await ringOf();
    const sealed = await seal(SUBJECT, writer, body);
    const keyId = writer.generations[0]!.keyId;
    const waiting = await open(SUBJECT, await ringOf(1, [keyId]), sealed);
    expect(waiting).toEqual({ outcome: 'unknownKeyAnnounced', keyId });
    expect(describeOpenResult(waiting)).toMatch(/Waiting for this journal’s new key/);
    const stranger = await open(SUBJECT, await ringOf(1), sealed);
    expect(stranger).toEqual({ outcome: 'unknownKeyNeverAnnounced', keyId });
    expect(describeOpenResult(stranger)).toMatch(/never used.*set aside/);
  });

  it('opens with an older generation after a rotation', async () => {
    const before = await ringOf();
    const sealed = await seal(SUBJECT, before, body);
    const after = keyRing([await deriveJournalKey(newJournalSecret()), ...before.generations]);
    expect((await open(SUBJECT, after, sealed)).outcome).toBe('opened');
  });

  it('reads plain JSON written before encryption, and refuses what is neither', async () => {
    const ring = await ringOf();
    expect(await open(SUBJECT, ring, body)).toEqual({ outcome: 'plain', plaintext: body });
    expect(await open(SUBJECT, NO_KEYS, text(' \n{"v":1}'))).toMatchObject({ outcome: 'plain' });
    const garbage = await open(SUBJECT, ring, text('hello'));
    expect(garbage.outcome).toBe('malformed');
    expect(describeOpenResult(garbage)).toMatch(/could not be read \(it is neither/);
    expect((await open(SUBJECT, ring, new Uint8Array(0))).outcome).toBe('malformed');
    const cut = (await seal(SUBJECT, ring, body)).subarray(0, NONCE_AT + 20);
    expect(await open(SUBJECT, ring, cut)).toEqual({
      outcome: 'malformed',
      reason: 'it is cut short',
    });
  });

  it('refuses to seal without a key, in words', async () => {
    await expect(seal(SUBJECT, NO_KEYS, body)).rejects.toThrow(NoJournalKeyError);
    await expect(seal(SUBJECT, NO_KEYS, body)).rejects.toThrow(/join with a code/);
  });
});

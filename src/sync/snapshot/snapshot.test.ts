// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { deriveJournalKey, newJournalSecret } from '../seal/journal-key';
import { keyRing, NO_KEYS, type KeyRing } from '../seal/key-ring';
import { generateDeviceKeys } from '../seal/device-keys';
import { readSigned, signatureOverhead } from '../seal/signed-message';
import type { SignerLookup } from '../seal/signers';
import { syncSubjects } from '../transport/sync-subjects';
import { encodeManifest, partsHash, type SnapshotManifest } from './snapshot-manifest';
import { verifySnapshot } from './verify-snapshot';
import { ROWS_PER_TURN, writeSnapshot, type SnapshotRow } from './write-snapshot';

const subjects = syncSubjects('alice');
const SMALL_BUDGET = 4 * 1024;

function journalRows(count: number): SnapshotRow[] {
  return Array.from({ length: count }, (_, index) => {
    const table = (['tasks', 'entries', 'labels'] as const)[index % 3]!;
    const id = `${table}-${index}`;
    return {
      table,
      id,
      row: {
        id,
        title: `Secret row ${index}: call the plumber`,
        rev: 1,
        vectorClock: { [`device-${index % 2}`]: index },
      },
    };
  });
}

/** The laptop that writes these snapshots, known to the device that reads them. */
const laptop = await generateDeviceKeys();
const signer = { deviceId: 'tok-laptop', privateKey: laptop.signing.privateKey };
const knowsLaptop: SignerLookup = (deviceId) =>
  Promise.resolve(
    deviceId === 'tok-laptop'
      ? { kind: 'known', key: laptop.signing.publicKey }
      : { kind: 'unknown' },
  );
const verifyHere = (...args: [KeyRing, Uint8Array, readonly (Uint8Array | undefined)[]]) =>
  verifySnapshot(subjects, ...args, knowsLaptop);

async function ring(): Promise<KeyRing> {
  return keyRing([await deriveJournalKey(newJournalSecret())]);
}

async function snapshotOf(keys: KeyRing, rows = journalRows(100)) {
  const written = await writeSnapshot(
    subjects,
    keys,
    {
      sequence: 4_200,
      writer: 'tok-laptop',
      deviceId: 'device-0',
      time: '2026-11-27T08:00:00.000Z',
      rows,
      signer,
    },
    SMALL_BUDGET,
  );
  const manifest = written.messages.at(-1)!;
  const parts = written.messages.slice(0, -1);
  return { written, manifest, parts, partBytes: parts.map((part) => part.data) };
}

function flipBit(bytes: Uint8Array, index: number): Uint8Array {
  const copy = new Uint8Array(bytes);
  copy[index]! ^= 0x01;
  return copy;
}

describe('snapshots', () => {
  it('round-trip a journal in sealed parts under the budget, with a readable manifest', async () => {
    const keys = await ring();
    const rows = journalRows(100);
    const { written, manifest, parts, partBytes } = await snapshotOf(keys, rows);
    expect(parts.length).toBeGreaterThan(2);
    expect(written.manifest.partCount).toBe(parts.length);
    for (const [index, part] of parts.entries()) {
      expect(part.subject).toBe(subjects.snapshotPart(written.manifest.snapshotId, index));
      expect(part.data.byteLength).toBeLessThanOrEqual(SMALL_BUDGET + 64);
      expect(new TextDecoder('latin1').decode(part.data)).not.toContain('plumber');
    }
    expect(manifest.subject).toBe(subjects.snapshotManifest(written.manifest.snapshotId));
    const manifestBody = readSigned(manifest.subject, manifest.data);
    if (manifestBody.kind !== 'signed') throw new Error('the manifest is not signed');
    expect(JSON.parse(new TextDecoder().decode(manifestBody.body))).toEqual(written.manifest);
    expect(written.manifest.snapshotId).toMatch(/^s4200-/);

    const verified = await verifyHere(keys, manifest.data, partBytes);
    if (!verified.ok) throw new Error(verified.reason);
    expect(verified.operation.kind).toBe('snapshot');
    expect(verified.operation.diffs).toEqual(
      rows.map(({ table, id, row }) => ({ table, id, before: null, after: row })),
    );
    expect(verified.operation.vectorClock).toEqual({ 'device-0': 98, 'device-1': 99 });
  });

  it('round-trips in plain parts for a journal without a key', async () => {
    const { manifest, partBytes } = await snapshotOf(NO_KEYS);
    expect((await verifyHere(NO_KEYS, manifest.data, partBytes)).ok).toBe(true);
  });

  it('refuses a part with a flipped bit', async () => {
    const keys = await ring();
    const { manifest, partBytes } = await snapshotOf(keys);
    const tampered = [...partBytes];
    tampered[1] = flipBit(tampered[1]!, signatureOverhead(signer.deviceId) + 40);
    expect(await verifyHere(keys, manifest.data, tampered)).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /not used: its parts are not the ones its manifest was written for/,
      ),
    });
  });

  it('refuses a tampered part even when the manifest is rewritten to match it', async () => {
    const keys = await ring();
    const { written, partBytes } = await snapshotOf(keys);
    const tampered = [...partBytes];
    tampered[1] = flipBit(tampered[1]!, signatureOverhead(signer.deviceId) + 40);
    const forged: SnapshotManifest = { ...written.manifest, partsHash: await partsHash(tampered) };
    expect(await verifyHere(keys, encodeManifest(forged), tampered)).toEqual({
      ok: false,
      reason: expect.stringMatching(/part 2: .*changed after it was sealed/),
    });
  });

  it('refuses a snapshot with a part missing, or cut short', async () => {
    const keys = await ring();
    const { manifest, partBytes } = await snapshotOf(keys);
    const count = partBytes.length;
    expect(await verifyHere(keys, manifest.data, partBytes.slice(0, -1))).toEqual({
      ok: false,
      reason: `A snapshot on the server was not used: it has ${count - 1} of its ${count} parts.`,
    });
    const holed: (Uint8Array | undefined)[] = [...partBytes];
    holed[0] = undefined;
    expect((await verifyHere(keys, manifest.data, holed)).ok).toBe(false);
    const cut = [...partBytes];
    cut[count - 1] = cut[count - 1]!.subarray(0, 100);
    expect((await verifyHere(keys, manifest.data, cut)).ok).toBe(false);
  });

  it('refuses parts swapped in order, or moved under another snapshot id or sequence', async () => {
    const keys = await ring();
    const { written, manifest, partBytes } = await snapshotOf(keys);
    const swapped = [partBytes[1]!, partBytes[0]!, ...partBytes.slice(2)];
    const forgedSwap = { ...written.manifest, partsHash: await partsHash(swapped) };
    expect(await verifyHere(keys, encodeManifest(forgedSwap), swapped)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/part 1: .*changed after it was sealed/),
    });
    const movedId = { ...written.manifest, snapshotId: 's4200-0000000000000000' };
    expect((await verifyHere(keys, encodeManifest(movedId), partBytes)).ok).toBe(false);
    const otherSequence = { ...written.manifest, sequence: 9_999 };
    expect(await verifyHere(keys, encodeManifest(otherSequence), partBytes)).toEqual({
      ok: false,
      reason: expect.stringMatching(/names a sequence its id does not/),
    });
    expect((await verifyHere(keys, manifest.data, partBytes)).ok).toBe(true);
  });

  it('refuses plain parts in an encrypted journal, and a snapshot under another key', async () => {
    const keys = await ring();
    const plain = await snapshotOf(NO_KEYS);
    expect(await verifyHere(keys, plain.manifest.data, plain.partBytes)).toEqual({
      ok: false,
      reason: expect.stringMatching(/part 1 is not sealed, and this journal is encrypted/),
    });
    const sealed = await snapshotOf(keys);
    expect(await verifyHere(await ring(), sealed.manifest.data, sealed.partBytes)).toEqual({
      ok: false,
      reason: expect.stringMatching(/part 1: .*never used/),
    });
  });

  it('refuses a manifest that is not one, in words', async () => {
    const keys = await ring();
    const { partBytes } = await snapshotOf(keys);
    const garbage = new TextEncoder().encode('{"v":1,"snapshotId":"x"}');
    expect(await verifyHere(keys, garbage, partBytes)).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^A snapshot on the server was not used: its manifest is not valid/,
      ),
    });
  });

  it('measures and encodes a large journal in turns of the page, not in one task', async () => {
    const rows = journalRows(10_000);
    const perTask: number[] = [];
    let taskOpen = false;
    const stringify = JSON.stringify;
    const spy = vi.spyOn(JSON, 'stringify').mockImplementation((...args) => {
      const value = args[0] as { before?: unknown } | undefined;
      if (value?.before === null) {
        if (!taskOpen) {
          taskOpen = true;
          perTask.push(0);
          setImmediate(() => (taskOpen = false));
        }
        perTask[perTask.length - 1]! += 1;
      }
      return stringify(...(args as Parameters<typeof JSON.stringify>));
    });
    try {
      const written = await writeSnapshot(subjects, await ring(), {
        sequence: 10_000,
        writer: 'tok-laptop',
        deviceId: 'device-0',
        time: '2026-11-27T08:00:00.000Z',
        rows,
      });
      expect(written.manifest.partCount).toBe(written.messages.length - 1);
    } finally {
      spy.mockRestore();
    }
    expect(perTask.reduce((sum, each) => sum + each, 0)).toBe(10_000);
    expect(Math.max(...perTask)).toBeLessThanOrEqual(ROWS_PER_TURN);
  });
});

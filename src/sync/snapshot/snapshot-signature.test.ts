// @vitest-environment node
/**
 * Snapshot manifests and parts are signed by their writer and checked before use: one
 * from a removed or unknown device, one whose signatures do not match, or an unsigned one
 * in an encrypted journal is passed over in words, and the device takes an older snapshot
 * or the stream.
 */
import { describe, expect, it } from 'vitest';
import { exportDevicePublicKeys, generateDeviceKeys, type DeviceKeys } from '../seal/device-keys';
import { deriveJournalKey, newJournalSecret } from '../seal/journal-key';
import { keyRing, type KeyRing } from '../seal/key-ring';
import { readSigned, signMessage } from '../seal/signed-message';
import type { SignerLookup } from '../seal/signers';
import { syncSubjects } from '../transport/sync-subjects';
import { chooseSnapshot } from './choose-snapshot';
import { encodeManifest, partsHash } from './snapshot-manifest';
import { sourceOf, store } from './snapshot-source-fixture';
import { writeSnapshot, type WrittenSnapshot } from './write-snapshot';

const subjects = syncSubjects('alice');
const AT = '2026-11-27T08:00:00.000Z';
const [laptop, phone, stranger] = await Promise.all([
  generateDeviceKeys(),
  generateDeviceKeys(),
  generateDeviceKeys(),
]);
const ring: KeyRing = keyRing([await deriveJournalKey(newJournalSecret())]);

/** The device list here: the laptop, and the phone once removed. */
const listHere: SignerLookup = (deviceId) =>
  Promise.resolve(
    deviceId === 'laptop'
      ? { kind: 'known', key: laptop.signing.publicKey, name: 'Laptop' }
      : deviceId === 'phone'
        ? { kind: 'removed', key: phone.signing.publicKey, name: 'Old phone' }
        : { kind: 'unknown' },
  );
const nobodyHere: SignerLookup = () => Promise.resolve({ kind: 'unknown' });

async function recordOf(id: string, keys: DeviceKeys, removed?: string) {
  const row = {
    id,
    name: id,
    kind: 'tablet',
    added: AT,
    keys: await exportDevicePublicKeys(keys),
    createdAt: AT,
    updatedAt: AT,
    rev: 1,
    vectorClock: { [id]: 1 },
    ...(removed ? { removed } : {}),
  };
  return { table: 'devices' as const, id, row };
}

async function snapshotAt(
  sequence: number,
  writer: string,
  keys: DeviceKeys | undefined,
  devices: Awaited<ReturnType<typeof recordOf>>[] = [],
): Promise<WrittenSnapshot> {
  return writeSnapshot(subjects, ring, {
    sequence,
    writer,
    deviceId: writer,
    time: AT,
    rows: [
      { table: 'tasks', id: `task-${sequence}`, row: { id: `task-${sequence}`, rev: 1 } },
      ...devices,
    ],
    ...(keys ? { signer: { deviceId: writer, privateKey: keys.signing.privateKey } } : {}),
  });
}

async function choose(lookup: SignerLookup, ...snapshots: WrittenSnapshot[]) {
  const chosen = await chooseSnapshot(
    subjects,
    ring,
    sourceOf(subjects, store(...snapshots)),
    0,
    lookup,
  );
  return {
    sequence: chosen.kind === 'snapshot' ? chosen.manifest.sequence : 'replay',
    passedOver: chosen.passedOver,
  };
}

describe('signed snapshots', () => {
  it('sign every part and the manifest with the writer’s key, and are used when it checks', async () => {
    const written = await snapshotAt(20, 'laptop', laptop);
    for (const message of written.messages) {
      const read = readSigned(message.subject, message.data);
      expect(read).toMatchObject({ kind: 'signed', deviceId: 'laptop' });
      if (read.kind === 'signed') expect(await read.verify(laptop.signing.publicKey)).toBe(true);
    }
    expect(await choose(listHere, written)).toEqual({ sequence: 20, passedOver: [] });
  });

  it('pass over a snapshot from a removed device, in words, for an older one', async () => {
    const older = await snapshotAt(10, 'laptop', laptop);
    const removed = await snapshotAt(20, 'phone', phone);
    expect(await choose(listHere, older, removed)).toEqual({
      sequence: 10,
      passedOver: [expect.stringMatching(/written by “Old phone”, a device removed/)],
    });
  });

  it('pass over an unsigned snapshot in an encrypted journal, and fall back to the stream', async () => {
    const unsigned = await snapshotAt(20, 'laptop', undefined);
    expect(await choose(listHere, unsigned)).toEqual({
      sequence: 'replay',
      passedOver: [
        expect.stringMatching(/its manifest is not signed, and this journal is encrypted/),
      ],
    });
  });

  it('pass over a snapshot from a device that is on no list', async () => {
    const unknown = await snapshotAt(20, 'stranger', stranger);
    expect(await choose(listHere, unknown)).toEqual({
      sequence: 'replay',
      passedOver: [expect.stringMatching(/device stranger, which is not one of this journal/)],
    });
  });

  it('on a new device, check the writer against its record in the snapshot, refused if removed there', async () => {
    const listed = await snapshotAt(10, 'laptop', laptop, [await recordOf('laptop', laptop)]);
    expect(await choose(nobodyHere, listed)).toEqual({ sequence: 10, passedOver: [] });
    const removedThere = await snapshotAt(20, 'stranger', stranger, [
      await recordOf('stranger', stranger, AT),
    ]);
    expect(await choose(nobodyHere, listed, removedThere)).toEqual({
      sequence: 10,
      passedOver: [expect.stringMatching(/a device removed from this journal/)],
    });
  });

  it('refuse a snapshot re-signed by another key, and a part signed by another device', async () => {
    const written = await snapshotAt(20, 'laptop', laptop);
    const parts = written.messages.slice(0, -1);
    /** The snapshot with its parts signed as `partsAs`, and a matching manifest signed as `manifestAs`. */
    const reSigned = async (
      partsAs: [string, DeviceKeys],
      manifestAs: [string, DeviceKeys],
    ): Promise<WrittenSnapshot> => {
      const sign = async (
        subject: string,
        body: Uint8Array,
        [deviceId, keys]: [string, DeviceKeys],
      ) => ({
        subject,
        data: await signMessage(subject, { deviceId, privateKey: keys.signing.privateKey }, body),
      });
      const bodyOf = (message: { subject: string; data: Uint8Array }) => {
        const read = readSigned(message.subject, message.data);
        if (read.kind !== 'signed') throw new Error('not signed');
        return read.body;
      };
      const newParts = await Promise.all(
        parts.map((part, index) =>
          sign(part.subject, bodyOf(part), index === 0 ? partsAs : manifestAs),
        ),
      );
      const manifest = {
        ...written.manifest,
        partsHash: await partsHash(newParts.map((part) => part.data)),
      };
      const subject = subjects.snapshotManifest(manifest.snapshotId);
      return {
        manifest,
        messages: [...newParts, await sign(subject, encodeManifest(manifest), manifestAs)],
      };
    };
    const forged = await reSigned(['laptop', stranger], ['laptop', stranger]);
    expect(await choose(listHere, forged)).toEqual({
      sequence: 'replay',
      passedOver: [expect.stringMatching(/its manifest's signature does not match “Laptop”'s key/)],
    });
    const mixed = await reSigned(['phone', phone], ['laptop', laptop]);
    expect(await choose(listHere, mixed)).toEqual({
      sequence: 'replay',
      passedOver: [expect.stringMatching(/part 1 was signed by another device than its writer/)],
    });
  });
});

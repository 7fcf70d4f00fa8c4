// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DeviceKeyDatabase } from '../../db/device-key-store';
import { syncSubjects } from '../transport/sync-subjects';
import { generateDeviceKeys } from './device-keys';
import { newJournalSecret } from './journal-key';
import {
  addGeneration,
  announceKeyId,
  createJournalKey,
  keepReceivedRing,
  readKeyRing,
} from './journal-keys';
import { keySubjectMessages, openKeyMessages, rotateJournalKey } from './key-subject';
import { open, seal } from './seal';

const subjects = syncSubjects('alice');
const freshDb = () => new DeviceKeyDatabase(`journal-keys-${crypto.randomUUID()}`);
const keyIds = (ring: Awaited<ReturnType<typeof readKeyRing>>) =>
  ring.generations.map((generation) => generation.keyId);
const text = new TextEncoder().encode('{"title":"Call the plumber"}');

describe('the journal key store', () => {
  it('keeps the ring beside the device keys, across reopening, and makes one first key', async () => {
    const db = freshDb();
    expect((await readKeyRing(db)).generations).toEqual([]);
    const [first, again] = await Promise.all([createJournalKey(db), createJournalKey(db)]);
    expect(keyIds(again)).toEqual(keyIds(first));
    const reopened = await readKeyRing(new DeviceKeyDatabase(db.name));
    expect(keyIds(reopened)).toEqual(keyIds(first));
    expect(await open('s', reopened, await seal('s', first, text))).toMatchObject({
      outcome: 'opened',
    });
  });

  it('puts a new generation first, keeps older ones, and forgets an announcement once held', async () => {
    const db = freshDb();
    const first = await createJournalKey(db);
    const secret = newJournalSecret();
    const elsewhere = await addGeneration(secret, freshDb());
    await announceKeyId(keyIds(elsewhere)[0]!, db);
    expect([...(await readKeyRing(db)).announcedKeyIds]).toEqual(keyIds(elsewhere));
    const rotated = await addGeneration(secret, db);
    expect(keyIds(rotated)).toEqual([...keyIds(elsewhere), ...keyIds(first)]);
    expect(rotated.announcedKeyIds.size).toBe(0);
    expect(keyIds(await keepReceivedRing(first, db))).toEqual(keyIds(rotated));
  });
});

describe('the key subject', () => {
  it('hands every generation to the devices that stay, and nothing new to a removed one', async () => {
    const [a, b, removed] = await Promise.all([
      generateDeviceKeys(),
      generateDeviceKeys(),
      generateDeviceKeys(),
    ]);
    const dbA = freshDb();
    const original = await createJournalKey(dbA);
    const recipients = [
      { deviceId: 'dev-a', agreement: a.agreement.publicKey },
      { deviceId: 'dev-b', agreement: b.agreement.publicKey },
      { deviceId: 'dev-removed', agreement: removed.agreement.publicKey },
    ];
    const server = new Map<string, Uint8Array>();
    const publish = (messages: { subject: string; data: Uint8Array }[]) =>
      messages.forEach((message) => server.set(message.subject, message.data));
    publish(await keySubjectMessages(subjects, original, recipients));
    const before = await seal('cs.alice.ops.x', original, text);

    // Keys that never reached the server are never sealed under: the ring stays as it was.
    await expect(
      rotateJournalKey(subjects, recipients, () => Promise.reject(new Error('offline')), dbA),
    ).rejects.toThrow('offline');
    expect(keyIds(await readKeyRing(dbA))).toEqual(keyIds(original));

    const { ring } = await rotateJournalKey(
      subjects,
      recipients.slice(0, 2),
      async (messages) => publish(messages),
      dbA,
    );
    const after = await seal('cs.alice.ops.y', ring, text);
    const read = (subject: string) => Promise.resolve(server.get(subject));
    const newKeyId = keyIds(ring)[0]!;

    const forB = await openKeyMessages(subjects, newKeyId, 'dev-b', b.agreement, read);
    if (!forB.ok) throw new Error(forB.reason);
    expect(keyIds(forB.ring)).toEqual(keyIds(ring));
    expect(await open('cs.alice.ops.x', forB.ring, before)).toMatchObject({ outcome: 'opened' });
    expect(await open('cs.alice.ops.y', forB.ring, after)).toMatchObject({ outcome: 'opened' });

    const forRemoved = await openKeyMessages(
      subjects,
      newKeyId,
      'dev-removed',
      removed.agreement,
      read,
    );
    expect(forRemoved).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not been handed'),
    });
    const stolen = await openKeyMessages(subjects, newKeyId, 'dev-b', removed.agreement, read);
    expect(stolen.ok).toBe(false);
    const oldRing = await openKeyMessages(
      subjects,
      keyIds(original)[0]!,
      'dev-removed',
      removed.agreement,
      read,
    );
    if (!oldRing.ok) throw new Error(oldRing.reason);
    expect(await open('cs.alice.ops.y', oldRing.ring, after)).toMatchObject({
      outcome: 'unknownKeyNeverAnnounced',
    });
    for (const data of server.values()) {
      expect(new TextDecoder().decode(data)).not.toMatch(/plumber|dev-/);
    }
  });
});

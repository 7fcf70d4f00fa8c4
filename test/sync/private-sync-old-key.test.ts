// @vitest-environment node
/**
 * An honest device offline during a rotation (docs/decisions/0010): what it pushes under the
 * old key is not refused, since a pushed message can never be sent again. Against a real
 * nats-server, each device with its own key store:
 *
 * - an edit the tablet sealed before the rotation (its answer lost) is sent again after
 *   it, in the same bytes under the old key (seal once);
 * - an edit it wrote offline goes out under the old key, since the new key has not
 *   reached it yet;
 * - both land on the laptop and the phone, which hold the new key and keep the old one;
 *   once the tablet has the new key it reads on and seals under it.
 */
import { describe, expect, it } from 'vitest';
import { drainOutbox } from '../../src/sync/push/drain-outbox';
import { messagesToSend } from '../../src/sync/push/seal-once';
import { createJournalKey, keepReceivedRing, readKeyRing } from '../../src/sync/seal/journal-keys';
import { findKey, type KeyRing } from '../../src/sync/seal/key-ring';
import {
  deviceKeyEnvelope,
  keySubjectMessages,
  rotateJournalKey,
} from '../../src/sync/seal/key-subject';
import { open } from '../../src/sync/seal/seal';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';
import { outgoingMessages } from '../../src/sync/wire/outgoing-messages';
import { createAgentReadyTask, userWrite } from '../support/test-database';
import { converged, keyedDevices, recipient, sent, titled } from './keyed-devices';
import { liveServer } from './live-server';
import { rawStream } from './raw-stream';
import { waitFor } from './sync-fixtures';

const server = liveServer();
const subjects = syncSubjects('alice');
const { device, online, offline, publishRaw } = keyedDevices(server);

/** The key id a raw message opens under with `ring`, or undefined. */
async function openedUnder(subject: string, ring: KeyRing, data: Uint8Array) {
  const opened = await open(subject, ring, data);
  return opened.outcome === 'opened' ? opened.keyId : undefined;
}

describe('an honest device offline during a rotation', () => {
  it('pushes under the old key, and its edits land everywhere', { timeout: 120_000 }, async () => {
    const laptop = device('laptop');
    const tablet = device('tablet');
    const phone = device('phone');
    const first = await createJournalKey(laptop.keys);
    await keepReceivedRing(first, tablet.keys);
    await keepReceivedRing(first, phone.keys);
    for (const each of [laptop, tablet, phone]) await online(each);
    await publishRaw(
      await keySubjectMessages(subjects, first, [
        await recipient(laptop),
        await recipient(tablet),
        await recipient(phone),
      ]),
    );
    const { taskId } = await createAgentReadyTask(laptop.db);
    await sent(laptop);
    await waitFor(() => tablet.db.tasks.get(taskId), 20_000, 'the task on the tablet');

    // The tablet seals an edit, and loses the connection before it is sent.
    await offline(tablet);
    await userWrite(tablet.db, 'set_task_title', { title: 'Sealed before' }, { taskId });
    await drainOutbox(tablet.db, 0);
    const [pending] = await tablet.db.syncPushes.where('state').equals('pending').toArray();
    const sealedBefore = await messagesToSend(
      tablet.db,
      { ring: () => readKeyRing(tablet.keys), subjects },
      pending!.operationId,
      (outbox, reserved) =>
        outgoingMessages(
          { ...outbox, operationId: pending!.operationId },
          'tablet',
          512 * 1024 - reserved,
        ),
    );
    expect(sealedBefore).toHaveLength(1);

    // A device is removed: the laptop rotates for itself, the phone and the tablet. The
    // tablet's key message is published later: it has not heard when it pushes.
    const { ring } = await rotateJournalKey(
      subjects,
      [await recipient(laptop), await recipient(phone)],
      publishRaw,
      laptop.keys,
    );
    const [oldKeyId, newKeyId] = [first.generations[0]!.keyId, ring.generations[0]!.keyId];
    await userWrite(laptop.db, 'update_task_estimate', { minutes: 30 }, { taskId });
    await sent(laptop);
    await waitFor(
      async () => (await phone.db.tasks.get(taskId))?.estimateMinutes === 30 || undefined,
      20_000,
      'the estimate sealed under the new key, on the phone',
    );
    expect(findKey(await readKeyRing(phone.keys), newKeyId)).toBeDefined();

    // Offline, the tablet writes an entry; back, it holds the old key only.
    await userWrite(tablet.db, 'add_journal_entry', { text: 'Written offline' }, { taskId });
    await online(tablet);
    await sent(tablet);
    expect(findKey(await readKeyRing(tablet.keys), newKeyId)).toBeUndefined();
    for (const each of [laptop, phone]) {
      await titled(each, taskId, 'Sealed before');
      await waitFor(
        async () =>
          (await each.db.entries.toArray()).some((entry) => entry.text === 'Written offline') ||
          undefined,
        20_000,
        `the tablet's offline entry on the ${each.name}`,
      );
    }

    // What the tablet pushed after the rotation is under the old key: the bytes it first
    // sealed, and the entry it sealed with the only key it had.
    const stream = await rawStream(server.url());
    const retried = stream.find(
      (message) => message.subject === subjects.operation(sealedBefore[0]!.messageId),
    );
    expect(new Uint8Array(retried!.data)).toEqual(sealedBefore[0]!.data);
    const rotatedAt = stream.findIndex((message) => message.subject.includes(`.keys.${newKeyId}.`));
    const tabletsAfter = [];
    for (const message of stream.slice(rotatedAt)) {
      if (!message.subject.startsWith('cs.alice.ops.')) continue;
      const keyId = await openedUnder(message.subject, ring, message.body);
      if (keyId === oldKeyId) tabletsAfter.push(message.subject);
    }
    expect(tabletsAfter).toHaveLength(2);

    // Handed the new key, the tablet reads on, and seals under it.
    await publishRaw([await deviceKeyEnvelope(subjects, ring, await recipient(tablet))]);
    await waitFor(
      async () => (await tablet.db.tasks.get(taskId))?.estimateMinutes === 30 || undefined,
      30_000,
      'the estimate sealed under the new key, on the tablet',
    );
    await userWrite(tablet.db, 'set_task_title', { title: 'Under the new key' }, { taskId });
    await sent(tablet);
    await converged([laptop, tablet, phone], 'one journal on the three devices');
    const last = (await rawStream(server.url()))
      .filter((message) => message.subject.startsWith('cs.alice.ops.'))
      .at(-1)!;
    expect(await openedUnder(last.subject, ring, last.body)).toBe(newKeyId);
    for (const each of [laptop, tablet, phone])
      expect(await each.db.syncQuarantine.count(), each.name).toBe(0);
  });
});

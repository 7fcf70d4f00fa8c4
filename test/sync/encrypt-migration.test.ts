// @vitest-environment node
/**
 * Encrypting a journal that already syncs in plain text (docs/decisions/0010), against a
 * real nats-server, each device with its own key store as the app runs it:
 *
 * - three devices sync in plain text, as before encryption;
 * - the laptop encrypts: the first key, and its key messages for the laptop and the tablet;
 * - an operation the laptop first sent plain (it landed, the answer was lost) is retried
 *   sealed after the encryption: on the server twice, under two subjects, applied once;
 * - the phone had not heard (offline, and its key message not yet published): what it
 *   writes goes plain, and lands on the others; given its key, it reads on and seals;
 * - every device keeps every row, nothing is applied twice, nothing is quarantined.
 */
import { describe, expect, it } from 'vitest';
import { parseEnvelope } from '../../src/domain/sync-envelope';
import { drainOutbox } from '../../src/sync/push/drain-outbox';
import { messagesToSend } from '../../src/sync/push/seal-once';
import { createJournalKey } from '../../src/sync/seal/journal-keys';
import { NO_KEYS } from '../../src/sync/seal/key-ring';
import { open } from '../../src/sync/seal/seal';
import { deviceKeyEnvelope, keySubjectMessages } from '../../src/sync/seal/key-subject';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';
import { outgoingMessages } from '../../src/sync/wire/outgoing-messages';
import { confirmItem } from '../../src/confirmation/confirm-item';
import { propose } from '../support/proposals';
import { createAgentReadyTask, userWrite } from '../support/test-database';
import { converged, keyedDevices, recipient, sent, type Device } from './keyed-devices';
import { liveServer } from './live-server';
import { rawStream, type RawMessage } from './raw-stream';
import { getDeviceId } from '../../src/db/settings';
import { waitFor } from './sync-fixtures';

const server = liveServer();
const subjects = syncSubjects('alice');

const { device, online, offline, publishRaw } = keyedDevices(server);

const isPlain = (message: RawMessage) => message.body[0] === 0x7b; // '{'
const isSealed = (message: RawMessage) => message.body[0] === 0xff;
const operations = (messages: RawMessage[]) =>
  messages.filter((message) => message.subject.startsWith('cs.alice.ops.'));

/**
 * How many times each remote operation was applied on `device`: one action in its audit
 * per application, under the operation key `sync:<operation id>`.
 */
async function applications(device: Device) {
  const counts = new Map<string, number>();
  for (const message of await device.db.auditMessages.toArray()) {
    if (message.kind !== 'action' || !message.runKey?.startsWith('sync:')) continue;
    counts.set(message.runKey, (counts.get(message.runKey) ?? 0) + 1);
  }
  return counts;
}

describe('encrypting a journal that syncs in plain text', () => {
  it(
    'keeps every row on every device, applies nothing twice, and still lands plain writes of a device that had not heard',
    { timeout: 120_000 },
    async () => {
      const laptop = device('laptop');
      const tablet = device('tablet');
      const phone = device('phone');
      const all = [laptop, tablet, phone];
      for (const each of all) await online(each);

      // Plain, as today: a task, an entry, a proposal confirmed with an edit on the tablet.
      const { taskId } = await createAgentReadyTask(laptop.db);
      await userWrite(laptop.db, 'set_task_title', { title: 'Fix the boiler' }, { taskId });
      await sent(laptop);
      await waitFor(() => tablet.db.tasks.get(taskId), 20_000, 'the task on the tablet');
      await userWrite(tablet.db, 'add_journal_entry', { text: 'Written in plain' }, { taskId });
      const set = await propose(laptop.db, taskId, [
        { name: 'update_task_estimate', args: { minutes: 60 } },
      ]);
      await sent(laptop);
      await waitFor(() => tablet.db.changeItems.get(`${set.id}:0`), 20_000, 'the proposal');
      expect((await confirmItem(tablet.db, set.id, 0, { edited: { minutes: 50 } })).status).toBe(
        'applied',
      );
      await sent(tablet);
      await converged(all, 'the plain journal on every device');
      const plainBefore = operations(await rawStream(server.url()));
      expect(plainBefore.length).toBeGreaterThan(0);
      expect(plainBefore.every(isPlain)).toBe(true);

      // The laptop writes while its answer is lost: the plain message is on the server, the
      // laptop does not know. The phone goes offline and writes too.
      await offline(laptop);
      await offline(phone);
      await userWrite(laptop.db, 'add_journal_entry', { text: 'Sent plain, retried' }, { taskId });
      await drainOutbox(laptop.db, 0);
      const [retried] = await laptop.db.syncPushes.where('state').equals('pending').toArray();
      expect(retried).toBeDefined();
      // Built as the laptop built it before it heard of the key: its own device id.
      const laptopId = await getDeviceId(laptop.db);
      const plainAttempt = await messagesToSend(
        laptop.db,
        { ring: () => Promise.resolve(NO_KEYS), subjects },
        retried!.operationId,
        (outbox, reserved) =>
          outgoingMessages(
            { ...outbox, operationId: retried!.operationId },
            laptopId,
            512 * 1024 - reserved,
          ),
      );
      await publishRaw(
        plainAttempt.map((message) => ({
          subject: subjects.operation(message.messageId),
          data: message.data,
          msgID: message.messageId,
        })),
      );
      await userWrite(phone.db, 'set_task_title', { title: 'Phone, not yet heard' }, { taskId });

      // The laptop encrypts: the first key, sealed to itself and the tablet (the phone's
      // key message is not published yet).
      const ring = await createJournalKey(laptop.keys);
      await publishRaw(
        await keySubjectMessages(subjects, ring, [
          await recipient(laptop),
          await recipient(tablet),
        ]),
      );
      await online(laptop);
      await sent(laptop);
      await userWrite(laptop.db, 'update_task_estimate', { minutes: 75 }, { taskId });
      await userWrite(tablet.db, 'add_journal_entry', { text: 'Sealed entry' }, { taskId });
      await sent(laptop);
      await sent(tablet);

      // The phone comes back without the key: its write goes plain and lands everywhere.
      await online(phone);
      await sent(phone);
      await waitFor(
        async () =>
          (await laptop.db.tasks.get(taskId))?.title === 'Phone, not yet heard' &&
          (await tablet.db.tasks.get(taskId))?.title === 'Phone, not yet heard'
            ? true
            : undefined,
        20_000,
        "the phone's plain title on the laptop and the tablet",
      );
      await waitFor(
        async () =>
          ((await phone.db.syncState.get('status'))?.value as { errorKind?: string } | undefined)
            ?.errorKind === 'waiting-for-key' || undefined,
        20_000,
        'the phone waiting for the key',
      );

      // Given its key, the phone reads on, and what it writes next is sealed.
      await publishRaw([await deviceKeyEnvelope(subjects, ring, await recipient(phone))]);
      await waitFor(
        async () =>
          (await phone.db.entries.where('taskId').equals(taskId).toArray()).some(
            (entry) => entry.text === 'Sealed entry',
          ) || undefined,
        30_000,
        'the sealed entry on the phone',
      );
      await userWrite(phone.db, 'add_journal_entry', { text: 'Phone, sealed' }, { taskId });
      await sent(phone);

      const journal = await converged(all, 'one journal on every device');
      expect(journal.entries.map((entry) => entry.text).sort()).toEqual([
        'Phone, sealed',
        'Sealed entry',
        'Sent plain, retried',
        'Written in plain',
      ]);
      expect(journal.tasks.find((task) => task.id === taskId)?.estimateMinutes).toBe(75);

      // The retried operation is on the server twice, plain and sealed, and applied once.
      const stream = operations(await rawStream(server.url()));
      const afterKey = stream.slice(plainBefore.length);
      expect(afterKey.filter(isPlain)).toHaveLength(2); // the lost answer's, and the phone's
      expect(afterKey.filter(isSealed).length).toBeGreaterThanOrEqual(4);
      for (const each of all) {
        expect(await each.db.syncQuarantine.count(), each.name).toBe(0);
        const twice = [...(await applications(each)).entries()].filter(([, count]) => count > 1);
        expect(twice, each.name).toEqual([]);
      }
      const copies = [];
      for (const message of stream) {
        const opened = await open(message.subject, ring, message.body);
        if (opened.outcome !== 'opened' && opened.outcome !== 'plain') continue;
        const parsed = parseEnvelope(opened.plaintext);
        if (parsed.ok && parsed.envelope.operationId === retried!.operationId)
          copies.push(opened.outcome);
      }
      expect(copies).toEqual(['plain', 'opened']);
      const retriedOnTablet = (await applications(tablet)).get(`sync:${retried!.operationId}`);
      expect(retriedOnTablet).toBe(1);
    },
  );
});

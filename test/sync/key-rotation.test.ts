// @vitest-environment node
/**
 * Rotation against a real nats-server, with each device's key store: a device is removed,
 * the others rotate to a new key on the key subject. What is published after cannot be
 * opened with anything the removed device holds; a device offline during the rotation meets
 * a change under the new key before its key message, fetches the key and goes on; a message
 * under a key never announced, and a tampered one, are quarantined with words and the feed
 * goes on.
 */
import 'fake-indexeddb/auto';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { DeviceKeyDatabase } from '../../src/db/device-key-store';
import { readSigned } from '../../src/sync/seal/signed-message';
import { getDeviceId } from '../../src/db/settings';
import type { SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { deviceKeys } from '../../src/sync/seal/device-keys';
import { deriveJournalKey, newJournalSecret } from '../../src/sync/seal/journal-key';
import { createJournalKey, keepReceivedRing, readKeyRing } from '../../src/sync/seal/journal-keys';
import { keyRing } from '../../src/sync/seal/key-ring';
import {
  deviceKeyEnvelope,
  keySubjectMessages,
  openKeyMessages,
  rotateJournalKey,
  type KeyMessage,
} from '../../src/sync/seal/key-subject';
import { open, seal } from '../../src/sync/seal/seal';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { createAgentReadyTask, createTestDatabase, userWrite } from '../support/test-database';
import { startAliceRuntime, waitFor } from './sync-fixtures';

let server: NatsTestServer;
const running: SyncRuntime[] = [];
const subjects = syncSubjects('alice');

beforeAll(async () => {
  server = await startNatsServer();
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((runtime) => runtime.stop()));
});

afterAll(async () => {
  await server?.stop();
});

function start(db: CountersignDatabase, keyStore: DeviceKeyDatabase) {
  const runtime = startAliceRuntime(db, server.urls[0]!, { keyStore });
  running.push(runtime);
  return runtime;
}

async function publishRaw(messages: KeyMessage[]) {
  const connection = await connect({ servers: server.urls[0]!, user: 'alice', pass: 'alice' });
  try {
    for (const message of messages)
      await jetstream(connection).publish(message.subject, message.data);
  } finally {
    await connection.close();
  }
}

const sent = (db: CountersignDatabase) =>
  waitFor(async () => ((await db.outbox.count()) === 0 ? true : undefined), 15_000, 'sent');

const titled = (db: CountersignDatabase, taskId: string, title: string) =>
  waitFor(
    async () => ((await db.tasks.get(taskId))?.title === title ? true : undefined),
    15_000,
    `"${title}"`,
  );

describe('rotating the journal key', () => {
  it(
    'shuts a removed device out; an offline device fetches the new key and goes on',
    { timeout: 60_000 },
    async () => {
      const laptop = createTestDatabase();
      const tablet = createTestDatabase();
      const stores = [laptop, tablet, createTestDatabase()].map(
        () => new DeviceKeyDatabase(`keys-${crypto.randomUUID()}`),
      );
      const [laptopKeys, tabletKeys, lostKeys] = stores as [
        DeviceKeyDatabase,
        DeviceKeyDatabase,
        DeviceKeyDatabase,
      ];
      const recipient = async (store: DeviceKeyDatabase, deviceId: string) => ({
        deviceId,
        agreement: (await deviceKeys(store)).agreement.publicKey,
      });
      const laptopDevice = await recipient(laptopKeys, await getDeviceId(laptop));
      const tabletDevice = await recipient(tabletKeys, await getDeviceId(tablet));
      const lostDevice = await recipient(lostKeys, 'device-lost');

      const first = await createJournalKey(laptopKeys);
      await keepReceivedRing(first, tabletKeys);
      await keepReceivedRing(first, lostKeys);

      start(laptop, laptopKeys);
      const tabletSync = start(tablet, tabletKeys);
      const { taskId } = await createAgentReadyTask(laptop);
      await userWrite(laptop, 'set_task_title', { title: 'Before the rotation' }, { taskId });
      await sent(laptop);
      await titled(tablet, taskId, 'Before the rotation');
      // The stream exists once a device has connected: the first key's messages go on it.
      await publishRaw(
        await keySubjectMessages(subjects, first, [laptopDevice, tabletDevice, lostDevice]),
      );
      await tabletSync.stop();

      const { ring } = await rotateJournalKey(subjects, [laptopDevice], publishRaw, laptopKeys);
      await userWrite(laptop, 'set_task_title', { title: 'After the rotation' }, { taskId });
      await sent(laptop);
      // The tablet's key message lands after the change sealed under the new key.
      await publishRaw([await deviceKeyEnvelope(subjects, ring, tabletDevice)]);

      start(tablet, tabletKeys);
      await titled(tablet, taskId, 'After the rotation');
      expect((await readKeyRing(tabletKeys)).generations.map((key) => key.keyId)).toEqual(
        ring.generations.map((key) => key.keyId),
      );

      // A message under a key never announced, and a tampered one: set aside, and the feed goes on.
      const stranger = keyRing([await deriveJournalKey(newJournalSecret())]);
      const foreignSubject = subjects.operation('f'.repeat(64));
      const tamperedSubject = subjects.operation('e'.repeat(64));
      const tampered = await seal(tamperedSubject, ring, new TextEncoder().encode('{"v":1}'));
      tampered[tampered.length - 1]! ^= 0x01;
      await publishRaw([
        {
          subject: foreignSubject,
          data: await seal(foreignSubject, stranger, new Uint8Array([123])),
        },
        { subject: tamperedSubject, data: tampered },
      ]);
      await userWrite(laptop, 'set_task_title', { title: 'Still syncing' }, { taskId });
      await sent(laptop);
      await titled(tablet, taskId, 'Still syncing');
      const reasons = (await tablet.syncQuarantine.toArray()).map((row) => row.reason);
      expect(reasons).toEqual([
        expect.stringMatching(/never used/),
        expect.stringMatching(/changed after it was sealed/),
      ]);

      // Nothing sealed after the rotation opens with what the removed device holds.
      const lostRing = await readKeyRing(lostKeys);
      const refused = await openKeyMessages(
        subjects,
        ring.generations[0]!.keyId,
        lostDevice.deviceId,
        (await deviceKeys(lostKeys)).agreement,
        () => Promise.resolve(undefined),
      );
      expect(refused.ok).toBe(false);
      const after = await rawOperations();
      const underNewKey = [];
      for (const message of after) {
        if ((await open(message.subject, ring, message.data)).outcome !== 'opened') continue;
        if (!(await open(message.subject, first, message.data).then((r) => r.outcome === 'opened')))
          underNewKey.push(message);
      }
      expect(underNewKey.length).toBeGreaterThanOrEqual(2);
      for (const message of underNewKey) {
        expect((await open(message.subject, lostRing, message.data)).outcome).not.toBe('opened');
      }
    },
  );
});

async function rawOperations() {
  const connection = await connect({ servers: server.urls[0]!, user: 'alice', pass: 'alice' });
  try {
    const consumer = await jetstream(connection).consumers.get('CS_ALICE', { opt_start_seq: 1 });
    const found: { subject: string; data: Uint8Array }[] = [];
    const batch = await consumer.fetch({ max_messages: 1_000, expires: 1_000 });
    for await (const message of batch) {
      if (!message.subject.startsWith('cs.alice.ops.')) continue;
      // Devices sign what they publish: the sealed body is inside the signature.
      const signed = readSigned(message.subject, message.data);
      found.push({
        subject: message.subject,
        data: signed.kind === 'signed' ? signed.body : message.data,
      });
    }
    return found;
  } finally {
    await connection.close();
  }
}

// @vitest-environment node
/**
 * Removing a device against a real nats-server, through the runtime's removeDevice (what
 * Settings → Sync → Devices calls): three devices write their records, the laptop removes
 * the lost tablet. The removed device says so in words, stops sending and opens nothing
 * published after the rotation; the two that stay go on syncing; a device that joins after
 * the rotation reads the history from before it.
 */
import 'fake-indexeddb/auto';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { DeviceKeyDatabase } from '../../src/db/device-key-store';
import { getDeviceId } from '../../src/db/settings';
import { readSyncStatus } from '../../src/db/sync-connection';
import { renameDevice } from '../../src/sync/devices/device-records';
import type { SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { createJournalKey, keepReceivedRing, readKeyRing } from '../../src/sync/seal/journal-keys';
import { open } from '../../src/sync/seal/seal';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { keepOutbox } from '../../src/db/sync-settings';
import { readSigned } from '../../src/sync/seal/signed-message';
import { createTask, createTestDatabase } from '../support/test-database';
import { exampleJournal, startAliceRuntime, waitFor } from './sync-fixtures';
import { idToJoinUnder } from '../../src/sync/devices/rejoin';
import { joinJournal } from '../../src/sync/pairing/join-journal';
import { makeJoinCode } from '../../src/sync/pairing/make-join-code';

let server: NatsTestServer;
const running: SyncRuntime[] = [];

beforeAll(async () => {
  server = await startNatsServer();
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((runtime) => runtime.stop()));
});

afterAll(async () => {
  await server?.stop();
});

interface Device {
  db: CountersignDatabase;
  keys: DeviceKeyDatabase;
  id: string;
  sync?: SyncRuntime;
}

async function newDevice(): Promise<Device> {
  const db = createTestDatabase();
  // A device of a synced journal: every write keeps its outbox row from the first.
  await keepOutbox(db);
  return {
    db,
    keys: new DeviceKeyDatabase(`keys-${crypto.randomUUID()}`),
    id: await getDeviceId(db),
  };
}

function start(device: Device, url = server.urls[0]!) {
  device.sync = startAliceRuntime(device.db, url, { keyStore: device.keys });
  running.push(device.sync);
  return device.sync;
}

const hasTask = (db: CountersignDatabase, title: string) =>
  waitFor(
    async () =>
      (await db.tasks.filter((task) => task.title === title).count()) > 0 ? true : undefined,
    20_000,
    `"${title}"`,
  );

const knowsDevices = (db: CountersignDatabase, count: number) =>
  waitFor(
    async () => ((await db.devices.count()) === count ? true : undefined),
    20_000,
    `${count} devices`,
  );

async function streamBodies() {
  const connection = await connect({ servers: server.urls[0]!, user: 'alice', pass: 'alice' });
  try {
    const consumer = await jetstream(connection).consumers.get('CS_ALICE', { opt_start_seq: 1 });
    const found: { seq: number; subject: string; data: Uint8Array }[] = [];
    const batch = await consumer.fetch({ max_messages: 1_000, expires: 1_000 });
    // Each body as its device sealed it, inside its signature (seal/signed-message.ts).
    for await (const message of batch) {
      const signed = readSigned(message.subject, message.data);
      const data = signed.kind === 'signed' ? signed.body : message.data;
      found.push({ seq: message.seq, subject: message.subject, data });
    }
    return found;
  } finally {
    await connection.close();
  }
}

describe('removing a device', () => {
  it(
    'shuts it out with words; the others rotate and go on; a later device reads the history',
    { timeout: 90_000 },
    async () => {
      const [laptop, tablet, lost] = await Promise.all([newDevice(), newDevice(), newDevice()]);
      const first = await createJournalKey(laptop.keys);
      await keepReceivedRing(first, tablet.keys);
      await keepReceivedRing(first, lost.keys);
      [laptop, tablet, lost].forEach((device) => start(device));
      await Promise.all([laptop, tablet, lost].map((device) => knowsDevices(device.db, 3)));
      await rename(laptop, 'Laptop');

      await createTask(laptop.db, 'Before the removal');
      await Promise.all([tablet, lost].map((device) => hasTask(device.db, 'Before the removal')));

      expect(await laptop.sync!.removeDevice(laptop.id)).toMatchObject({
        ok: false,
        words: expect.stringMatching(/cannot remove itself/),
      });
      const removal = await laptop.sync!.removeDevice(lost.id);
      expect(removal).toMatchObject({ ok: true, words: expect.stringMatching(/was removed/) });
      const rotatedTo = (await readKeyRing(laptop.keys)).generations[0]!.keyId;
      expect(await laptop.db.devices.get(lost.id)).toMatchObject({
        removedBy: laptop.id,
        removalKeyId: rotatedTo,
      });

      // The removed device says so, with the day and who removed it, and stops.
      const words = await waitFor(
        async () => {
          const status = await readSyncStatus(lost.db);
          return status?.errorKind === 'removed' ? status.message : undefined;
        },
        20_000,
        'the removed words',
      );
      expect(words).toMatch(/^This device was removed from the journal on .+ by Laptop\./);
      expect(words).toMatch(/join with a code/);
      await createTask(lost.db, 'Written after the removal');

      // The two that stay converge and go on, under the new key.
      await createTask(laptop.db, 'After the removal');
      await hasTask(tablet.db, 'After the removal');
      await createTask(tablet.db, 'From the tablet');
      await hasTask(laptop.db, 'From the tablet');
      expect((await readKeyRing(tablet.keys)).generations[0]!.keyId).toBe(rotatedTo);
      await waitFor(
        async () =>
          (await tablet.db.devices.get(lost.id))?.removalKeyId === rotatedTo ? true : undefined,
        20_000,
        'the removal on the tablet',
      );

      // The removed device holds nothing that opens what came after, and sent nothing more.
      const lostRing = await readKeyRing(lost.keys);
      expect(lostRing.generations.map((key) => key.keyId)).not.toContain(rotatedTo);
      expect(await lost.db.tasks.filter((task) => task.title === 'After the removal').count()).toBe(
        0,
      );
      const laptopRing = await readKeyRing(laptop.keys);
      const bodies = await streamBodies();
      const underNewKey = [];
      for (const message of bodies.filter((body) => body.subject.startsWith('cs.alice.ops.'))) {
        const opened = await open(message.subject, laptopRing, message.data);
        if (
          opened.outcome === 'opened' &&
          (await open(message.subject, first, message.data)).outcome !== 'opened'
        )
          underNewKey.push(message);
      }
      expect(underNewKey.length).toBeGreaterThanOrEqual(3);
      for (const message of underNewKey)
        expect((await open(message.subject, lostRing, message.data)).outcome).not.toBe('opened');
      expect(await lost.db.outbox.count()).toBeGreaterThan(0);
      const lostTitle = 'Written after the removal';
      for (const message of bodies) {
        const opened = await open(message.subject, lostRing, message.data);
        if (opened.outcome === 'opened' || opened.outcome === 'plain')
          expect(new TextDecoder().decode(opened.plaintext)).not.toContain(lostTitle);
      }

      // A device that joins after the rotation (its ring from a join code) reads everything.
      const late = await newDevice();
      await keepReceivedRing(laptopRing, late.keys);
      start(late);
      await hasTask(late.db, 'Before the removal');
      await hasTask(late.db, 'From the tablet');
      expect(await late.db.syncQuarantine.count()).toBe(0);
    },
  );
});

describe('a removed device joining again', () => {
  it(
    'joins with Add a device under a new id, is listed anew, and syncs both ways, what it wrote while shut out too',
    { timeout: 90_000 },
    async () => {
      // A journal of its own: the other test's devices and keys stay on the shared server.
      const own = await startNatsServer();
      const url = own.urls[0]!;
      try {
        await rejoin(url);
      } finally {
        await Promise.all(running.splice(0).map((runtime) => runtime.stop()));
        await own.stop();
      }
    },
  );
});

/** Removes a device, then joins it again with a code, on the server at `url`. */
async function rejoin(url: string) {
  const [laptop, back] = await Promise.all([newDevice(), newDevice()]);
  await keepReceivedRing(await createJournalKey(laptop.keys), back.keys);
  [laptop, back].forEach((device) => start(device, url));
  await Promise.all([laptop, back].map((device) => knowsDevices(device.db, 2)));
  expect(await laptop.sync!.removeDevice(back.id)).toMatchObject({ ok: true });
  await waitFor(
    async () => ((await readSyncStatus(back.db))?.errorKind === 'removed' ? true : undefined),
    20_000,
    'the removed words',
  );
  await createTask(back.db, 'Written while shut out');

  const made = await makeJoinCode(
    exampleJournal(url, 'alice'),
    await readKeyRing(laptop.keys),
    Date.now(),
  );
  if (!made.ok) throw new Error(made.words);
  const newId = await idToJoinUnder(back.db, new Date().toISOString());
  expect(newId).not.toBe(back.id);
  expect(await getDeviceId(back.db)).toBe(newId);
  const joined = await joinJournal(
    made.code,
    { deviceId: newId, name: 'Tablet, back', kind: 'tablet' },
    { keyStore: back.keys, connect },
  );
  expect(joined).toMatchObject({ ok: true });
  start(back, url);

  await waitFor(
    async () => {
      const record = await laptop.db.devices.get(newId);
      return record && record.removed === undefined ? true : undefined;
    },
    20_000,
    'the new record on the laptop',
  );
  expect(await laptop.db.devices.get(back.id)).toMatchObject({ removed: expect.any(String) });
  await createTask(laptop.db, 'After joining again');
  await hasTask(back.db, 'After joining again');
  await hasTask(laptop.db, 'Written while shut out');
  expect((await readSyncStatus(back.db))?.errorKind).not.toBe('removed');
  expect(await laptop.db.syncQuarantine.count()).toBe(0);
  // Joining again is the same id from then on: nothing removed is left to replace.
  expect(await idToJoinUnder(back.db, new Date().toISOString())).toBe(newId);
}

async function rename(device: Device, name: string) {
  const renamed = await renameDevice(device.db, device.id, name);
  if (!renamed.ok) throw new Error(renamed.words);
}

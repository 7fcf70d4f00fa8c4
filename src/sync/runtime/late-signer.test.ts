/**
 * A joining device reads the journal from its start: a device's record and that device's
 * first signed operations can arrive in one feed, the operations opened (signature
 * checked) before the record is applied. The link-join journey lost the laptop's task
 * this way: signed, it was judged "not signed" once the record had landed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { taskRow } from '../../../test/support/factories';
import { createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import { encodeEnvelope } from '../../domain/sync-envelope';
import { plan } from '../incoming/plan-incoming';
import { exportDevicePublicKeys, generateDeviceKeys, type DeviceKeys } from '../seal/device-keys';
import { NO_KEYS } from '../seal/key-ring';
import { signMessage } from '../seal/signed-message';
import { syncSubjects } from '../transport/sync-subjects';
import type { SyncMessage, SyncTransport } from '../transport/sync-transport';
import { deviceListSigners } from './device-list-signers';
import { journalKeyAccess } from './journal-key-access';
import { openingConsume } from './opening-feed';

const AT = '2026-11-27T08:00:00.000Z';
const LAPTOP = 'laptop-0000-0000-0000-000000000001';
const subjects = syncSubjects('ann');
let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(() => db.delete());

const taskBy = (deviceId: string) => {
  const task = {
    ...taskRow({ id: 'task-1', title: 'Call the plumber' }),
    vectorClock: { [deviceId]: 1 },
  };
  return encodeEnvelope({
    v: 1,
    operationId: 'op-1',
    kind: 'create_task',
    deviceId,
    vectorClock: { [deviceId]: 1 },
    time: AT,
    part: { index: 0, count: 1 },
    diffs: [{ table: 'tasks', id: task.id, before: null, after: task }],
  });
};

const keysHere = () =>
  journalKeyAccess({
    user: 'ann',
    subjects: () => subjects,
    deviceId: () => 'tablet',
    readLast: () => Promise.resolve(undefined),
    ring: () => Promise.resolve(NO_KEYS),
    waiting: () => undefined,
    signers: deviceListSigners(db),
  });

/** The message as the open step hands it on, before the laptop's record is here. */
async function openedNow(message: SyncMessage): Promise<SyncMessage> {
  const consume: SyncTransport['consume'] = (_from, onMessage) => {
    void onMessage(message);
    return { lastAcknowledgedSeq: 0, restarts: 0, stop: () => Promise.resolve() };
  };
  return new Promise((resolve) => {
    openingConsume(consume, keysHere())(1, async (opened) => resolve(opened));
  });
}

async function laptopRecordArrives(laptop: DeviceKeys) {
  await db.devices.put({
    id: LAPTOP,
    name: 'Laptop',
    kind: 'computer',
    added: AT,
    keys: await exportDevicePublicKeys(laptop),
    createdAt: AT,
    updatedAt: AT,
    rev: 1,
    vectorClock: { [LAPTOP]: 1 },
  });
}

async function judged(message: SyncMessage) {
  const keys = keysHere();
  const [planned] = await plan(
    {
      db,
      deviceId: 'tablet',
      attribution: (claimed, m) => keys.attribution(claimed, m),
    },
    [message],
  );
  return planned;
}

/** The laptop's task signed with `signing`'s key, opened here before the laptop's record. */
async function openedSignedWith(signing: DeviceKeys): Promise<SyncMessage> {
  const subject = subjects.operation('op-1');
  const data = await signMessage(
    subject,
    { deviceId: LAPTOP, privateKey: signing.signing.privateKey },
    taskBy(LAPTOP),
  );
  return openedNow({ seq: 3, subject, kind: 'operation', data, time: AT });
}

describe('a signed operation opened before its device’s record arrived', () => {
  it('is applied once the record is here: its signature is checked then', async () => {
    const laptop = await generateDeviceKeys();
    const opened = await openedSignedWith(laptop);
    await laptopRecordArrives(laptop);
    expect(await judged(opened)).toMatchObject({ kind: 'apply' });
  });

  it('is refused in words when the key that signed it is not the device’s', async () => {
    const [laptop, hostile] = await Promise.all([generateDeviceKeys(), generateDeviceKeys()]);
    const opened = await openedSignedWith(hostile);
    await laptopRecordArrives(laptop);
    expect(await judged(opened)).toMatchObject({
      kind: 'quarantine',
      reason: expect.stringMatching(/signed by device “Laptop”.*does not match/),
    });
  });
});

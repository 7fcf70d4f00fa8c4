// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DeviceKeyDatabase } from '../../db/device-key-store';
import { getDeviceId } from '../../db/settings';
import { keepOutbox } from '../../db/sync-settings';
import { activeDevices, type Device } from '../../domain/device';
import { checkReceivedRow } from '../../domain/received-row';
import { createTestDatabase } from '../../../test/support/test-database';
import { applyIncoming } from '../incoming/apply-incoming';
import { outgoingMessages } from '../wire/outgoing-messages';
import { markDevice, recordThisDevice, renameDevice } from './device-records';
import { lastSeenTracker, readLastSeen, senderOf } from './last-seen';
import { removedRecord, removedWords } from './removed-device';

const keyStore = () => new DeviceKeyDatabase(`keys-${crypto.randomUUID()}`);

/** A device of a synced journal: its writes keep outbox rows (db/sync-settings.ts). */
async function syncedDatabase() {
  const db = createTestDatabase();
  await keepOutbox(db);
  return db;
}

async function outboxDevices(db: ReturnType<typeof createTestDatabase>) {
  return (await db.outbox.toArray()).flatMap((row) =>
    row.diffs.filter((diff) => diff.table === 'devices'),
  );
}

describe('device records', () => {
  it('are written once per device as a synced row with public keys only', async () => {
    const db = await syncedDatabase();
    const keys = keyStore();
    const device = await recordThisDevice(db, keys, 'tablet');
    const id = await getDeviceId(db);
    expect(device).toMatchObject({ id, kind: 'tablet', name: `Tablet ${id.slice(0, 4)}` });
    expect(Object.keys(device!.keys.agreement).sort()).toEqual(['crv', 'kty', 'x', 'y']);
    expect(JSON.stringify(device)).not.toMatch(/"d":/);
    expect(await outboxDevices(db)).toHaveLength(1);

    await recordThisDevice(db, keys, 'tablet');
    expect(await outboxDevices(db)).toHaveLength(1);
    expect(checkReceivedRow('devices', device)).toMatchObject({ ok: true });
  });

  it('refuse a received record whose name hides characters or whose key is not a point', async () => {
    const db = createTestDatabase();
    const device = (await recordThisDevice(db, keyStore(), 'phone'))!;
    expect(checkReceivedRow('devices', { ...device, name: 'Tab\u202elet' })).toMatchObject({
      ok: false,
      field: 'name',
    });
    const badKey = { ...device.keys, agreement: { ...device.keys.agreement, x: 'short' } };
    expect(checkReceivedRow('devices', { ...device, keys: badKey })).toMatchObject({
      ok: false,
      field: 'keys.agreement.x',
    });
  });

  it('are renamed with words for a name that is not one, and travel to another device', async () => {
    const laptop = await syncedDatabase();
    await recordThisDevice(laptop, keyStore(), 'computer');
    const id = await getDeviceId(laptop);
    expect(await renameDevice(laptop, id, '   ')).toEqual({
      ok: false,
      words: expect.stringMatching(/Give this device a name/),
    });
    expect(await renameDevice(laptop, id, ' Laptop ')).toMatchObject({
      ok: true,
      device: { name: 'Laptop' },
    });

    const tablet = createTestDatabase();
    const messages = (await laptop.outbox.orderBy('createdAt').toArray()).flatMap((row) =>
      outgoingMessages(row, id),
    );
    await applyIncoming(
      {
        db: tablet,
        deviceId: await getDeviceId(tablet),
        now: () => new Date().toISOString(),
        resolveClaim: async () => undefined,
      },
      messages.map((message, index) => ({
        seq: index + 1,
        subject: `cs.alice.ops.${message.messageId}`,
        kind: 'operation' as const,
        data: message.data,
      })),
    );
    expect((await tablet.devices.get(id))?.name).toBe('Laptop');
    expect(await tablet.syncQuarantine.count()).toBe(0);
  });

  it('say who removed a device and when; the list leaves it out', async () => {
    const db = createTestDatabase();
    await recordThisDevice(db, keyStore(), 'computer');
    const here = await getDeviceId(db);
    await renameDevice(db, here, 'Laptop');
    const lost: Device = {
      ...(await db.devices.get(here))!,
      id: 'lost-tablet',
      name: 'Lost tablet',
      added: '2026-01-01T00:00:00.000Z',
    };
    await db.devices.put(lost);
    expect(await removedRecord(db, 'lost-tablet')).toBeUndefined();
    await markDevice(db, 'lost-tablet', { removed: '2026-11-27T10:00:00.000Z', removedBy: here });
    const removed = (await removedRecord(db, 'lost-tablet'))!;
    expect(await removedWords(db, removed)).toMatch(
      /^This device was removed from the journal on .*2026.* by Laptop\. .*join with a code/,
    );
    expect(activeDevices(await db.devices.toArray()).map((device) => device.id)).toEqual([here]);
  });
});

describe('last seen', () => {
  const operation = (deviceId: string) =>
    new TextEncoder().encode(
      JSON.stringify({ v: 1, operationId: 'op', kind: 'journal', deviceId, diffs: [] }),
    );

  it('reads the sender from a signed progress report or an opened envelope, nothing else', () => {
    const message = { seq: 1, kind: 'other' as const, data: new Uint8Array(0) };
    const report = { ...message, subject: 'cs.alice.progress.dev-1.40' };
    expect(senderOf('alice', { ...report, signedBy: 'dev-1' })).toBe('dev-1');
    // Unsigned, or signed by another device: anyone may publish under any device's id.
    expect(senderOf('alice', report)).toBeUndefined();
    expect(senderOf('alice', { ...report, signedBy: 'dev-2' })).toBeUndefined();
    expect(senderOf('alice', { ...message, subject: 'cs.alice.keys.k.to.dev-1' })).toBeUndefined();
    const op = { seq: 2, subject: 'cs.alice.ops.x', kind: 'operation' as const };
    expect(senderOf('alice', { ...op, data: operation('dev-2') })).toBe('dev-2');
    expect(
      senderOf('alice', { ...op, data: operation('dev-2'), unreadable: 'no' }),
    ).toBeUndefined();
    expect(senderOf('alice', { ...op, data: new Uint8Array([0xff, 1, 2]) })).toBeUndefined();
  });

  it('is written when a device is first heard from, then at most once a minute, keeping the newest', async () => {
    const db = createTestDatabase();
    let now = 0;
    const tracker = lastSeenTracker(db, () => now, 60_000);
    const progress = (device: string, time: string) => ({
      seq: 1,
      subject: `cs.alice.progress.${device}.1`,
      kind: 'other' as const,
      data: new Uint8Array(0),
      time,
      signedBy: device,
    });
    tracker.saw('alice', progress('a', '2026-11-27T10:00:00.000Z'));
    await tracker.flush();
    tracker.saw('alice', progress('a', '2026-11-27T10:00:30.000Z'));
    tracker.saw('alice', progress('b', '2026-11-27T10:00:20.000Z'));
    await tracker.flush();
    tracker.saw('alice', progress('a', '2026-11-27T10:00:45.000Z'));
    expect(await readLastSeen(db)).toEqual({
      a: '2026-11-27T10:00:30.000Z',
      b: '2026-11-27T10:00:20.000Z',
    });
    now = 60_000;
    tracker.saw('alice', progress('b', '2026-11-27T10:00:10.000Z'));
    await tracker.flush();
    expect(await readLastSeen(db)).toEqual({
      a: '2026-11-27T10:00:45.000Z',
      b: '2026-11-27T10:00:20.000Z',
    });
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deviceNameSchema } from '../../domain/device';
import { exportDevicePublicKeys, generateDeviceKeys } from '../seal/device-keys';
import {
  activeDevices,
  guessDeviceKind,
  joinAnswerSchema,
  readDeviceRecord,
  type DeviceRecord,
} from './device-record';
import { newJoinToken } from './join-token';

async function aRecord(overrides: Partial<DeviceRecord> = {}): Promise<DeviceRecord> {
  return {
    v: 1,
    deviceId: 'd-1',
    name: 'Kitchen tablet',
    kind: 'tablet',
    added: '2026-11-27T09:00:00.000Z',
    keys: await exportDevicePublicKeys(await generateDeviceKeys()),
    ...overrides,
  };
}

describe('the device list record', () => {
  it('reads a record another device wrote, with its public keys', async () => {
    const record = await aRecord({ lastSeen: '2026-11-27T09:05:00.000Z' });
    expect(readDeviceRecord(JSON.parse(JSON.stringify(record)))).toEqual({ ok: true, record });
    expect(
      joinAnswerSchema.safeParse({ v: 1, token: newJoinToken(), device: record }).success,
    ).toBe(true);
  });

  it('refuses in words a record that is not one: unknown fields, a wrong kind, two lines', async () => {
    const record = await aRecord();
    const broken = [
      { ...record, kind: 'toaster' },
      { ...record, extra: 1 },
      { ...record, name: 'two\nlines' },
      { ...record, added: 'yesterday' },
      'not an object',
    ];
    for (const json of broken) {
      const read = readDeviceRecord(json);
      expect(read).toMatchObject({ ok: false });
      if (!read.ok) expect(read.words).toMatch(/update this app/);
    }
  });

  it('never keeps a private key half that arrives inside a record', async () => {
    const record = await aRecord();
    const withPrivate = {
      ...record,
      keys: { ...record.keys, agreement: { ...record.keys.agreement, d: 'secret' } },
    };
    const read = readDeviceRecord(withPrivate);
    expect(read.ok && JSON.stringify(read.record)).not.toContain('secret');
  });

  it('says what a device name must be', () => {
    expect(deviceNameSchema.safeParse('  Laptop  ').data).toBe('Laptop');
    expect(deviceNameSchema.safeParse(' ').error?.issues[0]?.message).toMatch(
      /Give this device a name/,
    );
    expect(deviceNameSchema.safeParse('x'.repeat(61)).error?.issues[0]?.message).toMatch(
      /at most 60/,
    );
  });

  it('guesses the kind, and lists the devices still in the journal, newest first', async () => {
    expect(guessDeviceKind(false, 900)).toBe('computer');
    expect(guessDeviceKind(true, 820)).toBe('tablet');
    expect(guessDeviceKind(true, 390)).toBe('phone');
    const older = await aRecord({ deviceId: 'a', added: '2026-11-01T00:00:00.000Z' });
    const newer = await aRecord({ deviceId: 'b', added: '2026-11-20T00:00:00.000Z' });
    const gone = await aRecord({ deviceId: 'c', removed: '2026-11-25T00:00:00.000Z' });
    expect(activeDevices([older, gone, newer]).map((r) => r.deviceId)).toEqual(['b', 'a']);
  });
});

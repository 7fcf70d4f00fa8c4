// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { stamp } from '../../../test/support/factories';
import { createTestDatabase } from '../../../test/support/test-database';
import type { Device } from '../../domain/device';
import { exportDevicePublicKeys, generateDeviceKeys } from '../seal/device-keys';
import { signMessage } from '../seal/signed-message';
import { checkSignature } from '../seal/signers';
import { deviceKeysChangeProblem, deviceListSigners } from './device-list-signers';

const AT = '2026-11-27T08:00:00.000Z';
const db = createTestDatabase();
afterEach(() => db.devices.clear());

async function record(id: string, name: string) {
  const keys = await generateDeviceKeys();
  const device: Device = {
    id,
    ...stamp(AT, 1, id),
    name,
    kind: 'tablet',
    added: AT,
    keys: await exportDevicePublicKeys(keys),
  };
  await db.devices.put(device);
  return { device, keys };
}

describe('the device list as the signer lookup', () => {
  it('verifies a listed device’s signature, and refuses it once the device is removed', async () => {
    const { device, keys } = await record('kitchen', 'Kitchen tablet');
    const signers = deviceListSigners(db);
    const subject = 'cs.alice.ops.op-1';
    const bytes = await signMessage(
      subject,
      { deviceId: 'kitchen', privateKey: keys.signing.privateKey },
      new TextEncoder().encode('{}'),
    );
    expect(await checkSignature(subject, bytes, signers)).toMatchObject({ signedBy: 'kitchen' });
    await db.devices.put({ ...device, removed: '2026-11-27T09:00:00.000Z', removedBy: 'laptop' });
    expect(await checkSignature(subject, bytes, signers)).toEqual({
      ok: false,
      words: expect.stringMatching(/“Kitchen tablet”.*removed from this journal on 2026-11-27/),
    });
    expect(await signers('stranger')).toEqual({ kind: 'unknown' });
  });

  it('refuses a received record that gives a listed device other keys, and takes a rename', async () => {
    const { device } = await record('kitchen', 'Kitchen tablet');
    const other = await exportDevicePublicKeys(await generateDeviceKeys());
    const diff = (after: Device) => [
      { table: 'devices' as const, id: device.id, before: null, after },
    ];
    expect(await deviceKeysChangeProblem(db, diff({ ...device, name: 'Hall tablet' }))).toBe(
      undefined,
    );
    expect(await deviceKeysChangeProblem(db, diff({ ...device, keys: other }))).toMatch(
      /gives device “Kitchen tablet” \(kitchen\) other keys/,
    );
  });
});

/**
 * What a removed device says, and when it knows: its own record, read after each applied
 * batch (one read by key) and when sync starts, carries `removed` once another device
 * removed it. From then on it sends and receives nothing and keeps working on its own.
 */
import type { CountersignDatabase } from '../../db/database';
import type { Device } from '../../domain/device';
import { formatTimestamp } from '../../lib/format-timestamp';

export async function removedWords(db: CountersignDatabase, device: Device): Promise<string> {
  const by = device.removedBy ? await db.devices.get(device.removedBy) : undefined;
  return (
    `This device was removed from the journal on ${formatTimestamp(device.removed ?? '')} by ` +
    `${by?.name ?? 'another device'}. It keeps everything it had and works on its own, but ` +
    'sends and receives nothing more. To sync again, join with a code shown on one of the ' +
    'journal’s devices (Settings → Sync → Add a device).'
  );
}

/** This device's record when it says the device was removed. */
export async function removedRecord(
  db: CountersignDatabase,
  deviceId: string,
): Promise<Device | undefined> {
  const own = await db.devices.get(deviceId);
  return own?.removed !== undefined ? own : undefined;
}

/** A device's name in the journal's device list (synced), if it has a record there. */
import type { CountersignDatabase } from '../database';

export async function readDeviceName(
  db: CountersignDatabase,
  deviceId: string | undefined,
): Promise<string | undefined> {
  if (!deviceId) return undefined;
  return (await db.devices.get(deviceId))?.name;
}

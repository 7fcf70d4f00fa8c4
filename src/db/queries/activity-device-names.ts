/**
 * The devices Activity names, and their names: each device's record in the journal's
 * device list (`devices`, synced), so "Confirmed on Kitchen tablet" reads the same on
 * every device. A device without a record (one that synced before records were kept, or
 * whose record has not arrived yet) is "Device ‹the first characters of its id›", so two
 * devices still read apart. The devices known are the records, the devices of the newest
 * decisions, and those the page names.
 */
import { readSetting } from '../settings';
import type { CountersignDatabase } from '../database';

export interface DeviceNames {
  /** This device's id. */
  here: string;
  /** Every device known, this one first, then by name. */
  devices: { id: string; name: string }[];
  nameOf(deviceId: string): string;
}

const SHORT_ID = 6;
/** How many of the newest decisions say which devices there are: a flat cost. */
const RECENT_DECISIONS = 200;

export async function readDeviceNames(
  db: CountersignDatabase,
  seen: Iterable<string>,
): Promise<DeviceNames> {
  // Read, never minted: a live query may not write, and a device without an id has
  // written nothing another device could name.
  const [here = '', records, recent] = await Promise.all([
    readSetting<string>(db, 'deviceId'),
    // One row per device that ever joined the journal: a handful.
    db.devices.toArray(),
    db.decisions.orderBy('decidedAt').reverse().limit(RECENT_DECISIONS).toArray(),
  ]);
  const names = new Map(
    records.map((record) => [
      record.id,
      record.removed === undefined ? record.name : `${record.name} (removed)`,
    ]),
  );
  const nameOf = (deviceId: string) =>
    names.get(deviceId) ??
    (deviceId === here ? 'This device' : `Device ${deviceId.slice(0, SHORT_ID)}`);
  const others = [
    ...new Set([...names.keys(), ...seen, ...recent.map((decision) => decision.deviceId)]),
  ]
    .filter((id) => id !== here)
    .map((id) => ({ id, name: nameOf(id) }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
  return { here, devices: [{ id: here, name: nameOf(here) }, ...others], nameOf };
}

/**
 * The devices Activity names, and their names: the one lookup to switch to the journal's
 * device records once they are kept with names. Until then a device is "This device" or
 * "Device ‹the first characters of its id›", so two devices still read apart, and the
 * devices known are those of the newest decisions, beside those the page names.
 */
import { readSetting } from '../settings';
import type { CountersignDatabase } from '../database';

export interface DeviceNames {
  /** This device's id. */
  here: string;
  /** Every device known, this one first. */
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
  const here = (await readSetting<string>(db, 'deviceId')) ?? '';
  const nameOf = (deviceId: string) =>
    deviceId === here ? 'This device' : `Device ${deviceId.slice(0, SHORT_ID)}`;
  const recent = await db.decisions
    .orderBy('decidedAt')
    .reverse()
    .limit(RECENT_DECISIONS)
    .toArray();
  const others = [...new Set([...seen, ...recent.map((decision) => decision.deviceId)])]
    .filter((id) => id !== here)
    .sort();
  return {
    here,
    devices: [here, ...others].map((id) => ({ id, name: nameOf(id) })),
    nameOf,
  };
}

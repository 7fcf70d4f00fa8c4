/**
 * The journal's device list, written through the dispatcher's transaction like every
 * synced row (runStep: the row, its ledger, audit and outbox row commit together), so it
 * travels to the other devices sealed like the rest of the journal. Each device writes its
 * own record when it starts syncing: its name, kind and public keys (never a private key).
 * Any device may rename any device; removing one is remove-device.ts's.
 */
import type { CountersignDatabase } from '../../db/database';
import type { DeviceKeyDatabase } from '../../db/device-key-store';
import { getDeviceId } from '../../db/settings';
import type { EntityDiff } from '../../domain/entity-diff';
import {
  deviceNameSchema,
  deviceSchema,
  type Device,
  type DeviceKind,
  type DevicePublicKeys,
} from '../../domain/device';
import { canonicalJson } from '../../domain/canonical-json';
import { stampFieldWrites } from '../../domain/field-writes';
import { bumpClock } from '../../domain/vector-clock';
import { runOperation } from '../../dispatcher/run-operations';
import { guessDeviceKind } from '../pairing/device-record';
import { deviceKeys, exportDevicePublicKeys } from '../seal/device-keys';

const KIND_NAMES: Record<DeviceKind, string> = {
  tablet: 'Tablet',
  phone: 'Phone',
  computer: 'Computer',
};

/** What kind of device this is, as far as the page can tell; the person can rename it. */
export function thisDeviceKind(): DeviceKind {
  // A page's globals (a worker has neither: it is told the kind by its page).
  const page = globalThis as {
    matchMedia?: (query: string) => { matches: boolean };
    screen?: { width: number; height: number };
  };
  const coarse = page.matchMedia?.('(pointer: coarse)').matches ?? false;
  const screen = page.screen;
  return guessDeviceKind(coarse, screen ? Math.min(screen.width, screen.height) : 800);
}

/** A first name until the person gives one: the kind and a few letters of the id. */
export function defaultDeviceName(kind: DeviceKind, deviceId: string): string {
  return `${KIND_NAMES[kind]} ${deviceId.slice(0, 4)}`;
}

export type DeviceWrite = { ok: true; device: Device } | { ok: false; words: string };

/**
 * Writes `change(current)` as one operation. `change` runs inside the transaction and
 * returns the row to store, or words saying why not.
 */
async function writeDevice(
  db: CountersignDatabase,
  id: string,
  change: (current: Device | undefined, now: string) => Device | string | undefined,
): Promise<DeviceWrite | undefined> {
  const deviceId = await getDeviceId(db);
  const now = new Date().toISOString();
  let written: Device | undefined;
  const outcome = await runOperation<string, undefined>(
    db,
    {
      operationKey: `device:${id}:${crypto.randomUUID()}`,
      guard: async () => {
        const next = change(await db.devices.get(id), now);
        return typeof next === 'string' ? next : undefined;
      },
      followUp: async () => {
        const current = await db.devices.get(id);
        const next = change(current, now);
        if (next === undefined || typeof next === 'string') return { value: undefined };
        const row = deviceSchema.parse(
          stampFieldWrites(
            current,
            {
              ...next,
              createdAt: current?.createdAt ?? now,
              updatedAt: now,
              rev: (current?.rev ?? 0) + 1,
              vectorClock: bumpClock(current?.vectorClock ?? {}, deviceId),
            },
            { deviceId, now },
          ),
        );
        await db.devices.put(row);
        written = row;
        const diff: EntityDiff = { table: 'devices', id, before: current ?? null, after: row };
        return { value: undefined, diffs: [diff] };
      },
    },
    { tables: ['devices'], ownRowsOnly: true },
  );
  if (outcome.kind === 'refused') return { ok: false, words: outcome.refusal };
  if (outcome.kind === 'failed') return { ok: false, words: outcome.result.output };
  return written ? { ok: true, device: written } : undefined;
}

/**
 * This device's record, written when it starts syncing (or joins) and again only when its
 * public keys changed. A removed device never writes itself back: the record is returned
 * as it is, and the runtime says the device was removed.
 */
export async function recordThisDevice(
  db: CountersignDatabase,
  keyStore: DeviceKeyDatabase,
  kind: DeviceKind = thisDeviceKind(),
): Promise<Device | undefined> {
  const id = await getDeviceId(db);
  const keys: DevicePublicKeys = await exportDevicePublicKeys(await deviceKeys(keyStore));
  const written = await writeDevice(db, id, (current, now) => {
    if (current?.removed !== undefined) return undefined;
    if (current && canonicalJson(current.keys) === canonicalJson(keys)) return undefined;
    return current
      ? { ...current, keys }
      : {
          id,
          name: defaultDeviceName(kind, id),
          kind,
          added: now,
          keys,
          createdAt: now,
          updatedAt: now,
          rev: 0,
          vectorClock: {},
        };
  });
  return written?.ok ? written.device : db.devices.get(id);
}

/** A new name for any device of the journal. Refused in words when the name is not one. */
export async function renameDevice(
  db: CountersignDatabase,
  id: string,
  name: string,
): Promise<DeviceWrite> {
  const parsed = deviceNameSchema.safeParse(name);
  if (!parsed.success) return { ok: false, words: parsed.error.issues[0]!.message };
  const written = await writeDevice(db, id, (current) => {
    if (!current) return 'This device is no longer in the list.';
    return current.name === parsed.data ? undefined : { ...current, name: parsed.data };
  });
  return written ?? { ok: true, device: (await db.devices.get(id))! };
}

/** Marks a device removed (before the rotation) or its rotation finished (after). */
export async function markDevice(
  db: CountersignDatabase,
  id: string,
  mark: { removed: string; removedBy: string } | { removalKeyId: string },
): Promise<DeviceWrite> {
  const written = await writeDevice(db, id, (current) => {
    if (!current) return 'This device is no longer in the list.';
    if ('removed' in mark && current.removed !== undefined) return undefined;
    return { ...current, ...mark };
  });
  return written ?? { ok: true, device: (await db.devices.get(id))! };
}

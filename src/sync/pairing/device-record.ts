/**
 * The journal's device list: one record per device, written as sealed journal data when
 * the device joins (its answer on the join subject carries it, join-token.ts), and read by
 * every device with zod: another device's record is untrusted. A removed device keeps its
 * record with `removed` set, so the list can say when and every device skips it at the
 * next rotation.
 */
import { z } from 'zod';
import {
  DEVICE_KINDS,
  deviceNameSchema,
  devicePublicKeysSchema,
  type DeviceKind,
} from '../../domain/device';
import { JOIN_TOKEN_PATTERN } from './join-token';

const isoTime = z.iso.datetime({ offset: true });

export const deviceRecordSchema = z
  .object({
    v: z.literal(1),
    deviceId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    name: deviceNameSchema,
    kind: z.enum(DEVICE_KINDS),
    added: isoTime,
    lastSeen: isoTime.optional(),
    removed: isoTime.optional(),
    keys: devicePublicKeysSchema,
  })
  .strict();
export type DeviceRecord = z.infer<typeof deviceRecordSchema>;

/** What the new device publishes on the join subject, sealed under the journal key. */
export const joinAnswerSchema = z
  .object({
    v: z.literal(1),
    token: z.string().regex(JOIN_TOKEN_PATTERN),
    device: deviceRecordSchema,
  })
  .strict();

export type ReadDeviceRecord = { ok: true; record: DeviceRecord } | { ok: false; words: string };

export function readDeviceRecord(json: unknown): ReadDeviceRecord {
  const parsed = deviceRecordSchema.safeParse(json);
  if (parsed.success) return { ok: true, record: parsed.data };
  return {
    ok: false,
    words:
      'A device in this journal’s list could not be read, so it was left out. It may come from a newer version of Countersign: update this app.',
  };
}

/** A first guess at what kind of device this is, for its record; the person can rename it. */
export function guessDeviceKind(coarsePointer: boolean, shortestSide: number): DeviceKind {
  if (!coarsePointer) return 'computer';
  return shortestSide < 600 ? 'phone' : 'tablet';
}

/** Devices still in the journal, the most recently added first. */
export function activeDevices(records: readonly DeviceRecord[]): DeviceRecord[] {
  return records
    .filter((record) => record.removed === undefined)
    .sort((a, b) => b.added.localeCompare(a.added));
}

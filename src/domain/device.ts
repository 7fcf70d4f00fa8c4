/**
 * A device of the journal, as every device keeps it: a synced row (table `devices`, its id
 * the device id) with the device's name, kind, when it was added, its public keys and,
 * once removed, when and by which device. Private keys never appear here (they stay in
 * src/db/device-key-store.ts). Another device's row is untrusted: it is parsed with this
 * schema on receipt (received-row.ts), and its keys are P-256 points or nothing.
 */
import { z } from 'zod';
import { refuseHiddenCharacters } from './display-text';
import { entityBaseSchema, isoTimestampSchema } from './entity';

export const DEVICE_KINDS = ['tablet', 'phone', 'computer'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];
const MAX_NAME_CHARS = 60;

export const deviceNameSchema = refuseHiddenCharacters(
  z
    .string()
    .trim()
    .min(1, 'Give this device a name, such as “Kitchen tablet”.')
    .max(MAX_NAME_CHARS, `A device name has at most ${MAX_NAME_CHARS} characters.`),
);

/** A P-256 coordinate: 32 bytes as unpadded base64url. */
const coordinate = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'A P-256 coordinate is 43 base64url characters.');

export const publicJwkSchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: coordinate,
  y: coordinate,
});
export type PublicJwk = z.infer<typeof publicJwkSchema>;

/** ECDH (a new journal key is sealed to it) and ECDSA (what the device signs). */
export const devicePublicKeysSchema = z.object({
  agreement: publicJwkSchema,
  signing: publicJwkSchema,
});
export type DevicePublicKeys = z.infer<typeof devicePublicKeysSchema>;

const deviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'A device id is 1-64 letters, digits, "-" or "_".');

export const deviceSchema = entityBaseSchema.extend({
  id: deviceIdSchema,
  name: deviceNameSchema,
  kind: z.enum(DEVICE_KINDS),
  added: isoTimestampSchema,
  keys: devicePublicKeysSchema,
  /** When another device removed it from the journal. */
  removed: isoTimestampSchema.optional(),
  /** The device that removed it. */
  removedBy: deviceIdSchema.optional(),
  /** The key generation the remaining devices moved to; missing while the rotation is unfinished. */
  removalKeyId: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
});
export type Device = z.infer<typeof deviceSchema>;

/** Devices still in the journal, the most recently added first. */
export function activeDevices(devices: readonly Device[]): Device[] {
  return devices
    .filter((device) => device.removed === undefined && device.deletedAt === undefined)
    .sort((a, b) => b.added.localeCompare(a.added));
}

/**
 * The agent device's keys at rest (decisions/0014): the journal's key ring, its own two
 * key pairs and the sync details it joined with, in `keys.json` beside the state file. A
 * browser keeps these as non-extractable keys in IndexedDB; Node has no store that survives
 * a restart with that guarantee, so the file is the guarantee: readable by its user only
 * (0600, in a 0700 directory), written whole to a new file and renamed into place, and
 * refused at start-up when anyone else may read it. Whoever reads it can read the journal.
 * In memory the keys go into the app's own key store (fake-indexeddb), private halves
 * imported non-extractable, so the app's seal, sign and rotation code uses them unchanged.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { keepDeviceKeys, type DeviceKeyDatabase } from '../db/device-key-store';
import { changeJournalKeys, readJournalKeys } from '../db/journal-key-store';
import { fromHex, toHex } from '../sync/seal/bytes';
import { syncConfigSchema } from '../sync/runtime/sync-config';

const coordinate = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const privateJwkSchema = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: coordinate,
  y: coordinate,
  d: coordinate,
});
type PrivateJwk = z.infer<typeof privateJwkSchema>;

const keyFileSchema = z
  .object({
    v: z.literal(1),
    deviceId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    sync: syncConfigSchema,
    /** The journal's secrets, newest first, as hex; key ids announced but not held yet. */
    journal: z.object({
      secrets: z.array(z.string().regex(/^[0-9a-f]{64}$/)).min(1),
      announced: z.array(z.string().regex(/^[0-9a-f]{16}$/)),
    }),
    device: z.object({ agreement: privateJwkSchema, signing: privateJwkSchema }),
  })
  .strict();
export type KeyFile = z.infer<typeof keyFileSchema>;
export type DeviceKeyJwks = KeyFile['device'];

export class KeyFileError extends Error {}

export function keyFilePath(dir: string): string {
  return join(dir, 'keys.json');
}

/** The stored keys, or undefined when this device has not joined an encrypted journal. */
export function readKeyFile(dir: string): KeyFile | undefined {
  const path = keyFilePath(dir);
  let mode: number;
  try {
    mode = statSync(path).mode & 0o777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new KeyFileError(`${path} cannot be read: check its owner and mode.`);
  }
  if ((mode & 0o077) !== 0)
    throw new KeyFileError(
      `${path} holds the journal key and others may read it (mode ${mode.toString(8)}): run chmod 600 ${path}, then start again.`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    parsed = undefined;
  }
  const checked = keyFileSchema.safeParse(parsed);
  if (!checked.success)
    throw new KeyFileError(
      `${path} is damaged: restore it from a backup, or move it away and join again with a code from Settings → Sync → Add a device.`,
    );
  return checked.data;
}

/** Never half written: a new file, readable by this user only, renamed over the old one. */
export function writeKeyFile(dir: string, keys: KeyFile): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = keyFilePath(dir);
  const next = `${path}.${crypto.randomUUID()}`;
  writeFileSync(next, `${JSON.stringify(keyFileSchema.parse(keys))}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  renameSync(next, path);
}

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;
const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/** New device key pairs, made extractable once so the private halves can be kept in the file. */
export async function newDeviceKeyJwks(): Promise<DeviceKeyJwks> {
  const [agreement, signing] = await Promise.all([
    crypto.subtle.generateKey(ECDH, true, ['deriveBits']),
    crypto.subtle.generateKey(ECDSA, true, ['sign', 'verify']),
  ]);
  const exported = async (pair: CryptoKeyPair) =>
    privateJwkSchema.parse(await crypto.subtle.exportKey('jwk', pair.privateKey));
  return { agreement: await exported(agreement), signing: await exported(signing) };
}

async function importPair(
  jwk: PrivateJwk,
  algorithm: typeof ECDH | typeof ECDSA,
): Promise<CryptoKeyPair> {
  const { kty, crv, x, y } = jwk;
  const signs = algorithm.name === 'ECDSA';
  const [privateKey, publicKey] = await Promise.all([
    crypto.subtle.importKey('jwk', jwk, algorithm, false, signs ? ['sign'] : ['deriveBits']),
    crypto.subtle.importKey('jwk', { kty, crv, x, y }, algorithm, true, signs ? ['verify'] : []),
  ]);
  return { privateKey, publicKey };
}

/** The in-memory key store, holding what the file holds (the device keys not extractable). */
export async function loadKeyStore(
  keyStore: DeviceKeyDatabase,
  keys: Pick<KeyFile, 'device' | 'journal'>,
): Promise<void> {
  await keepDeviceKeys(keyStore, {
    agreement: await importPair(keys.device.agreement, ECDH),
    signing: await importPair(keys.device.signing, ECDSA),
    createdAt: new Date().toISOString(),
  });
  const secrets = keys.journal.secrets.map((hex) => fromHex(hex)!);
  await changeJournalKeys(keyStore, () => ({ secrets, announced: keys.journal.announced }));
}

/** The journal's key ring as the key store holds it now, for the file. */
export async function journalKeysOf(keyStore: DeviceKeyDatabase): Promise<KeyFile['journal']> {
  const stored = await readJournalKeys(keyStore);
  return { secrets: stored.secrets.map(toHex), announced: stored.announced };
}

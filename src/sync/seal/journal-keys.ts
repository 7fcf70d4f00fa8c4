/**
 * The journal key ring as this device keeps it (src/db/journal-key-store.ts), as key
 * rings: create the first key, read the ring, add a newer generation, keep what arrived
 * from another device, and note key ids the journal has announced. Secrets are held only
 * there and in memory; nothing here logs or exports them.
 */
import { getDeviceKeyDatabase, type DeviceKeyDatabase } from '../../db/device-key-store';
import {
  changeJournalKeys,
  readJournalKeys,
  type StoredJournalKeys,
} from '../../db/journal-key-store';
import { toHex } from './bytes';
import { deriveJournalKey, newJournalSecret, type JournalKey } from './journal-key';
import { keyRing, type KeyRing } from './key-ring';

const derived = new Map<string, Promise<JournalKey>>();

/** Derivation is cached per secret: the ring is read before every seal and open. */
function derive(secret: Uint8Array): Promise<JournalKey> {
  const hex = toHex(secret);
  let key = derived.get(hex);
  if (!key) {
    key = deriveJournalKey(secret);
    derived.set(hex, key);
  }
  return key;
}

async function asRing(stored: StoredJournalKeys): Promise<KeyRing> {
  return keyRing(await Promise.all(stored.secrets.map(derive)), stored.announced);
}

function sameSecret(a: Uint8Array, b: Uint8Array) {
  return toHex(a) === toHex(b);
}

/** Newest first, each secret once, `first` before whatever else is held. */
function merged(
  first: readonly Uint8Array<ArrayBuffer>[],
  held: readonly Uint8Array<ArrayBuffer>[],
) {
  const secrets: Uint8Array<ArrayBuffer>[] = [];
  for (const secret of [...first, ...held]) {
    if (!secrets.some((kept) => sameSecret(kept, secret))) secrets.push(secret);
  }
  return secrets;
}

export async function readKeyRing(
  db: DeviceKeyDatabase = getDeviceKeyDatabase(),
): Promise<KeyRing> {
  return asRing(await readJournalKeys(db));
}

/**
 * The journal's first key, made by the first device that encrypts it. A device (or tab)
 * that already holds a ring keeps it: encrypting twice never makes a second journal key.
 */
export async function createJournalKey(
  db: DeviceKeyDatabase = getDeviceKeyDatabase(),
): Promise<KeyRing> {
  const secret = newJournalSecret();
  return asRing(
    await changeJournalKeys(db, (stored) =>
      stored.secrets.length > 0 ? stored : { ...stored, secrets: [secret] },
    ),
  );
}

/** A newer generation (a rotation): sealed under from now on; older ones still open. */
export async function addGeneration(
  secret: Uint8Array<ArrayBuffer>,
  db: DeviceKeyDatabase = getDeviceKeyDatabase(),
): Promise<KeyRing> {
  await derive(secret);
  return asRing(
    await changeJournalKeys(db, (stored) => ({
      secrets: merged([secret], stored.secrets),
      announced: stored.announced,
    })),
  );
}

/**
 * A ring handed on by another device (its newest first). When its newest is new here it
 * goes on top; when this device already holds it (a ring read again, or an older one), the
 * order held stays and only generations missing here are added after.
 */
export async function keepReceivedRing(
  received: KeyRing,
  db: DeviceKeyDatabase = getDeviceKeyDatabase(),
): Promise<KeyRing> {
  const secrets = received.generations.map((generation) => generation.secret);
  return asRing(
    await changeJournalKeys(db, (stored) => {
      const newestHeld =
        secrets[0] !== undefined && stored.secrets.some((held) => sameSecret(held, secrets[0]!));
      return {
        secrets: newestHeld ? merged(stored.secrets, secrets) : merged(secrets, stored.secrets),
        announced: stored.announced,
      };
    }),
  );
}

/** A key id seen on the journal's key subject: a message under it will open once it arrives. */
export async function announceKeyId(
  keyId: string,
  db: DeviceKeyDatabase = getDeviceKeyDatabase(),
): Promise<KeyRing> {
  return asRing(
    await changeJournalKeys(db, (stored) =>
      stored.announced.includes(keyId)
        ? stored
        : { ...stored, announced: [...stored.announced, keyId] },
    ),
  );
}

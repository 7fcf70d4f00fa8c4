/**
 * "Encrypt this journal" on the first device: a new journal secret is announced on the
 * key subject (the older-keys message and this device's own envelope) and only then kept
 * on this device, so the runtime never seals a message under a key id the other devices
 * have not seen announced (they would set it aside for good). Encrypting a journal that
 * already has a key here only makes sure its key is announced.
 */
import type { DeviceKeyDatabase } from '../../db/device-key-store';
import { deviceKeys } from '../seal/device-keys';
import { journalKeyFingerprint } from '../seal/fingerprint';
import { deriveJournalKey, newJournalSecret } from '../seal/journal-key';
import { addGeneration, readKeyRing } from '../seal/journal-keys';
import { keyRing, newestKey, type KeyRing } from '../seal/key-ring';
import { keySubjectMessages } from '../seal/key-subject';
import type { PairingConnection } from './pairing-connection';

export type Encrypted = { ok: true; fingerprint: string } | { ok: false; words: string };

/** This device's own envelope and the older keys of `ring`'s newest generation, on the server. */
export async function announceOwnKey(
  connection: PairingConnection,
  ring: KeyRing,
  deviceId: string,
  keyStore?: DeviceKeyDatabase,
): Promise<void> {
  const own = await deviceKeys(keyStore);
  const messages = await keySubjectMessages(connection.subjects, ring, [
    { deviceId, agreement: own.agreement.publicKey },
  ]);
  // A message already there (an earlier attempt, another tab) is the same announcement.
  for (const message of messages) await connection.publishNew(message.subject, message.data);
}

export async function encryptJournal(
  connection: PairingConnection,
  deviceId: string,
  keyStore?: DeviceKeyDatabase,
): Promise<Encrypted> {
  const held = newestKey(await readKeyRing(keyStore));
  if (held) {
    await announceOwnKey(connection, await readKeyRing(keyStore), deviceId, keyStore);
    return { ok: true, fingerprint: await journalKeyFingerprint(held.secret) };
  }
  const secret = newJournalSecret();
  await announceOwnKey(connection, keyRing([await deriveJournalKey(secret)]), deviceId, keyStore);
  const ring = await addGeneration(secret, keyStore);
  // Another tab may have encrypted at the same moment: the newest kept is the one used.
  return { ok: true, fingerprint: await journalKeyFingerprint(newestKey(ring)!.secret) };
}

/**
 * The journal's key subject: for each key generation, its secret sealed to each device's
 * ECDH key (`cs.<user>.keys.<key id>.to.<device id>`), and the older generations sealed
 * under it (`….older`). A device that finds its envelope opens the whole ring; the
 * server sees key ids and device ids, never a secret. Rotation makes a new generation and
 * envelopes only for the devices that stay, so a removed device opens nothing sealed after.
 */
import type { DeviceKeyDatabase } from '../../db/device-key-store';
import type { SyncSubjects } from '../transport/sync-subjects';
import { deriveJournalKey, newJournalSecret } from './journal-key';
import { addGeneration, readKeyRing } from './journal-keys';
import { keyRing, newestKey, type KeyRing } from './key-ring';
import { openOlderKeys, sealOlderKeys, type OpenedRing } from './older-keys';
import { NoJournalKeyError } from './seal';
import { openForThisDevice, sealForDevice } from './seal-to-device';

/** A device the journal key is handed to: its id and the ECDH public key from its record. */
export interface KeyRecipient {
  deviceId: string;
  agreement: CryptoKey;
}

export interface KeyMessage {
  subject: string;
  data: Uint8Array<ArrayBuffer>;
}

function newestOf(ring: KeyRing) {
  const newest = newestKey(ring);
  if (!newest) throw new NoJournalKeyError();
  return newest;
}

/** The newest generation's secret sealed to one device (a device joins, or a rotation). */
export async function deviceKeyEnvelope(
  subjects: SyncSubjects,
  ring: KeyRing,
  recipient: KeyRecipient,
): Promise<KeyMessage> {
  const newest = newestOf(ring);
  const subject = subjects.keyEnvelope(newest.keyId, recipient.deviceId);
  return { subject, data: await sealForDevice(recipient.agreement, newest.secret, subject) };
}

/** Everything the key subject holds for the newest generation: older keys, then one envelope per device. */
export async function keySubjectMessages(
  subjects: SyncSubjects,
  ring: KeyRing,
  recipients: readonly KeyRecipient[],
): Promise<KeyMessage[]> {
  const newest = newestOf(ring);
  const olderSubject = subjects.olderKeys(newest.keyId);
  const older = { subject: olderSubject, data: await sealOlderKeys(olderSubject, ring) };
  const envelopes = await Promise.all(
    recipients.map((recipient) => deviceKeyEnvelope(subjects, ring, recipient)),
  );
  return [older, ...envelopes];
}

/**
 * Removing a device: a new generation and the key subject's messages for `remaining` (this
 * device included) only. They are published first and the generation kept on this device
 * only then: a push sealed under a key whose messages never reached the server would be
 * under a key id never announced, and every other device would set it aside.
 */
export async function rotateJournalKey(
  subjects: SyncSubjects,
  remaining: readonly KeyRecipient[],
  publish: (messages: KeyMessage[]) => Promise<void>,
  db?: DeviceKeyDatabase,
): Promise<{ ring: KeyRing; messages: KeyMessage[] }> {
  const held = await readKeyRing(db);
  if (newestKey(held) === undefined) throw new NoJournalKeyError();
  const secret = newJournalSecret();
  const next = keyRing([await deriveJournalKey(secret), ...held.generations], held.announcedKeyIds);
  const messages = await keySubjectMessages(subjects, next, remaining);
  await publish(messages);
  return { ring: await addGeneration(secret, db), messages };
}

/** The ring a generation's messages hand this device. Never throws: a failure has words. */
export async function openKeyMessages(
  subjects: SyncSubjects,
  keyId: string,
  deviceId: string,
  own: CryptoKeyPair,
  read: (subject: string) => Promise<Uint8Array | undefined>,
): Promise<OpenedRing> {
  const envelopeSubject = subjects.keyEnvelope(keyId, deviceId);
  const [envelope, older] = await Promise.all([
    read(envelopeSubject),
    read(subjects.olderKeys(keyId)),
  ]);
  if (!envelope || !older) {
    return {
      ok: false,
      reason:
        'This journal’s new key has not been handed to this device yet: open the app on one ' +
        'of your other devices, or join again with a code from it.',
    };
  }
  const secret = await openForThisDevice(own, envelope, envelopeSubject);
  if (!secret.ok) return secret;
  return openOlderKeys(subjects.olderKeys(keyId), secret.plaintext, older);
}

/**
 * Removing a device from the journal, in the order that lets the removed device know and
 * lets nothing be lost:
 *
 * 1. its record is marked removed (by this device, now) and pushed under the current key,
 *    which the removed device still holds: it reads why it stops, and stops;
 * 2. a new journal key is sealed to each remaining device's ECDH key and published on the
 *    key subject (rotateJournalKey), and only then kept here: from the next push pass on,
 *    this device seals under it, and the others fetch it when they meet its key messages;
 * 3. the record notes the key the others moved to, so every device's list shows the
 *    removal finished.
 *
 * Stopping between steps leaves the device marked removed; Remove again finishes it.
 */
import type { CountersignDatabase } from '../../db/database';
import type { DeviceKeyDatabase } from '../../db/device-key-store';
import { activeDevices, type Device } from '../../domain/device';
import { deviceKeys, importDevicePublicKey } from '../seal/device-keys';
import { newestKey, type KeyRing } from '../seal/key-ring';
import { rotateJournalKey, type KeyMessage, type KeyRecipient } from '../seal/key-subject';
import type { SyncSubjects } from '../transport/sync-subjects';
import { markDevice } from './device-records';
import { removalNotice } from './signer-notices';

export interface RemovalDeps {
  db: CountersignDatabase;
  keyStore: DeviceKeyDatabase | undefined;
  subjects: SyncSubjects;
  deviceId: string;
  ring(): Promise<KeyRing>;
  /** Sends what waits in the outbox now (a push pass). */
  pushNow(): Promise<unknown>;
  publishKeyMessages(messages: KeyMessage[]): Promise<void>;
  /** Publishes where nothing is yet (the removal notice the operator's compaction reads). */
  publishNew(subject: string, data: Uint8Array): Promise<unknown>;
}

export type Removal = { ok: true; words: string } | { ok: false; words: string };

const refused = (words: string): Removal => ({ ok: false, words });

async function recipients(devices: readonly Device[]): Promise<KeyRecipient[] | { words: string }> {
  const found: KeyRecipient[] = [];
  for (const device of devices) {
    const imported = await importDevicePublicKey('agreement', device.keys.agreement);
    if (!imported.ok) return { words: `${device.name}: ${imported.reason}` };
    found.push({ deviceId: device.id, agreement: imported.key });
  }
  return found;
}

async function removalLanded(db: CountersignDatabase, id: string): Promise<boolean> {
  const waiting = await db.outbox
    .filter((row) => row.diffs.some((diff) => diff.table === 'devices' && diff.id === id))
    .count();
  return waiting === 0;
}

export async function removeDevice(deps: RemovalDeps, id: string): Promise<Removal> {
  const { db, deviceId } = deps;
  const target = await db.devices.get(id);
  if (!target) return refused('That device is no longer in this journal’s list.');
  if (id === deviceId) {
    return refused(
      'A device cannot remove itself: remove it from one of your other devices, or turn sync off here.',
    );
  }
  if (target.removalKeyId !== undefined) return refused(`${target.name} was removed already.`);
  if (!deps.keyStore || !newestKey(await deps.ring())) {
    return refused(
      'This journal is not encrypted, so removing a device cannot stop it reading: encrypt ' +
        'this journal first, or ask whoever runs the sync server to revoke its credentials.',
    );
  }
  const all = await db.devices.toArray();
  const remaining = activeDevices(all).filter((device) => device.id !== id);
  if (!remaining.some((device) => device.id === deviceId)) {
    return refused(
      'This device’s own record has not reached the journal yet: wait until it is connected, then try again.',
    );
  }
  const keys = await recipients(remaining);
  if ('words' in keys) {
    return refused(`The new key cannot be handed to every remaining device. ${keys.words}`);
  }
  const removedAt = new Date().toISOString();
  const marked = await markDevice(db, id, { removed: removedAt, removedBy: deviceId });
  if (!marked.ok) return refused(marked.words);
  await deps.pushNow();
  if (!(await removalLanded(db, id))) {
    return refused(
      `${target.name} is marked removed here, but that has not reached the sync server yet, so ` +
        'the journal’s key was not changed. Press Remove again once sync is connected.',
    );
  }
  // Without it the operator's compaction still counts the device's progress: it only
  // keeps more, so a notice that did not land is not worth stopping the removal for.
  const signer = { deviceId, privateKey: (await deviceKeys(deps.keyStore)).signing.privateKey };
  const notice = await removalNotice(deps.subjects, signer, id, removedAt);
  await deps.publishNew(notice.subject, notice.data).catch(() => undefined);
  let ring: KeyRing;
  try {
    ({ ring } = await rotateJournalKey(
      deps.subjects,
      keys,
      deps.publishKeyMessages,
      deps.keyStore,
    ));
  } catch (error) {
    return refused(
      `${target.name} is marked removed, but the new journal key could not be handed to your ` +
        `devices (${error instanceof Error ? error.message : String(error)}). Nothing is sealed ` +
        'under it yet: press Remove again once sync is connected.',
    );
  }
  await markDevice(db, id, { removalKeyId: newestKey(ring)!.keyId });
  await deps.pushNow();
  return {
    ok: true,
    words:
      `${target.name} was removed. Your other devices move to a new journal key, which it ` +
      'never receives, so it can read nothing written from now on. Ask whoever runs the sync ' +
      'server to revoke its credentials too.',
  };
}

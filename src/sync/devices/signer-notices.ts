/**
 * What the operator's compaction reads to tell a device's progress report from a forged
 * one. It holds no journal key, so it cannot read the device list; instead each device
 * announces its public signing key on `cs.<user>.signers.<device id>`, signed with that
 * key, and the first message there stands for good (the stream keeps one per subject). A
 * device removed from the journal is named on `….signers.<id>.removed` by the device that
 * removed it. Progress reports are signed like every other message (signed-message.ts);
 * the job (sync-server/signed-reports.mjs) counts only reports that verify under the
 * announced key of the device their subject names, and not a removed device's.
 */
import type { DeviceKeyDatabase } from '../../db/device-key-store';
import { canonicalJson } from '../../domain/canonical-json';
import { deviceKeys, exportDevicePublicKeys } from '../seal/device-keys';
import { signMessage, type Signer } from '../seal/signed-message';
import type { SyncSubjects } from '../transport/sync-subjects';

const NOTICE_VERSION = 1;
const text = (value: unknown) => new TextEncoder().encode(canonicalJson(value));

export interface NoticeTransport {
  publishNew(subject: string, data: Uint8Array): Promise<'stored' | 'taken'>;
  publishProgress(deviceId: string, cursor: number, data: Uint8Array): Promise<void>;
}

/** A device's own public signing key, signed with it (proof that it holds the key). */
async function signerAnnouncement(
  subjects: SyncSubjects,
  signer: Signer,
  signing: JsonWebKey,
): Promise<{ subject: string; data: Uint8Array }> {
  const subject = subjects.signer(signer.deviceId);
  const body = text({ v: NOTICE_VERSION, signing });
  return { subject, data: await signMessage(subject, signer, body) };
}

/** That `removedId` was removed from the journal, signed by the device that removed it. */
export async function removalNotice(
  subjects: SyncSubjects,
  signer: Signer,
  removedId: string,
  removedAt: string,
): Promise<{ subject: string; data: Uint8Array }> {
  const subject = subjects.signerRemoved(removedId);
  const body = text({ v: NOTICE_VERSION, removedAt });
  return { subject, data: await signMessage(subject, signer, body) };
}

/**
 * Publishes progress reports signed with this device's key, its key announced before the
 * first one (once per device id: a device that takes a new id announces again). Without
 * a key store there is no key: the report goes empty, and compaction does not count it.
 */
export function signedProgress(
  keyStore: DeviceKeyDatabase | undefined,
  subjects: SyncSubjects,
  transport: NoticeTransport,
  deviceId: () => string,
): (cursor: number) => Promise<void> {
  let announced: { deviceId: string; done: Promise<unknown> } | undefined;
  return async (cursor) => {
    const id = deviceId();
    if (!keyStore) return transport.publishProgress(id, cursor, new Uint8Array(0));
    const keys = await deviceKeys(keyStore);
    const signer = { deviceId: id, privateKey: keys.signing.privateKey };
    if (announced?.deviceId !== id) {
      const done = exportDevicePublicKeys(keys)
        .then(({ signing }) => signerAnnouncement(subjects, signer, signing))
        .then(({ subject, data }) => transport.publishNew(subject, data));
      announced = { deviceId: id, done };
      // A failed announcement is made again before the next report.
      done.catch(() => (announced = undefined));
    }
    await announced.done;
    const subject = subjects.progress(id, cursor);
    await transport.publishProgress(
      id,
      cursor,
      await signMessage(subject, signer, new Uint8Array(0)),
    );
  };
}

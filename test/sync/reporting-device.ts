/**
 * A device of alice's journal that reports its progress as the app does
 * (src/sync/devices/signer-notices.ts: its signing key announced, each report signed),
 * over any connection allowed to publish to the stream. Compaction counts only such
 * reports (sync-server/signed-reports.mjs).
 */
import 'fake-indexeddb/auto';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { DeviceKeyDatabase } from '../../src/db/device-key-store';
import { removalNotice, signedProgress } from '../../src/sync/devices/signer-notices';
import { deviceKeys } from '../../src/sync/seal/device-keys';
import type { Signer } from '../../src/sync/seal/signed-message';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';

const subjects = syncSubjects('alice');

export interface ReportingDevice {
  deviceId: string;
  signer(): Promise<Signer>;
  report(cursor: number): Promise<void>;
  /** Publishes that `removedId` was removed, as this device's Remove does. */
  remove(removedId: string): Promise<void>;
}

export function reportingDevice(connection: NatsConnection, deviceId: string): ReportingDevice {
  const keyStore = new DeviceKeyDatabase(`keys-${crypto.randomUUID()}`);
  const js = jetstream(connection, { timeout: 5_000 });
  const signer = async () => ({
    deviceId,
    privateKey: (await deviceKeys(keyStore)).signing.privateKey,
  });
  const report = signedProgress(
    keyStore,
    subjects,
    {
      publishNew: async (subject, data) => {
        await js.publish(subject, data, { expect: { lastSubjectSequence: 0 } });
        return 'stored';
      },
      publishProgress: async (id, cursor, data) => {
        await js.publish(subjects.progress(id, cursor), data);
      },
    },
    () => deviceId,
  );
  return {
    deviceId,
    signer,
    report,
    async remove(removedId) {
      const notice = await removalNotice(subjects, await signer(), removedId, '2026-11-27T09:00Z');
      await js.publish(notice.subject, notice.data);
    },
  };
}

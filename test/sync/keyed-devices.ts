/**
 * Devices of alice's journal as the app runs them, each with its own database and key
 * store (its ring read there before each seal and open, fetched into it from the key
 * subject), on one live server: start and stop them, wait for what they sent, compare
 * their journals, and publish what another device or the operator would.
 */
import 'fake-indexeddb/auto';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { CountersignDatabase } from '../../src/db/database';
import { DeviceKeyDatabase } from '../../src/db/device-key-store';
import { getDeviceId } from '../../src/db/settings';
import type { SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { deviceKeys } from '../../src/sync/seal/device-keys';
import type { KeyRecipient } from '../../src/sync/seal/key-subject';
import { createTestDatabase, journalSnapshot } from '../support/test-database';
import type { liveServer } from './live-server';
import { startAliceRuntime, waitFor } from './sync-fixtures';

export interface Device {
  name: string;
  db: CountersignDatabase;
  keys: DeviceKeyDatabase;
  runtime?: SyncRuntime;
}

export function keyedDevices(server: ReturnType<typeof liveServer>) {
  return {
    device(name: string): Device {
      return {
        name,
        db: createTestDatabase(),
        keys: new DeviceKeyDatabase(`keys-${crypto.randomUUID()}`),
      };
    },

    /** Starts the device's runtime with its key store, and waits until it is connected. */
    async online(device: Device) {
      device.runtime = server.keep(
        startAliceRuntime(device.db, server.url(), { keyStore: device.keys }),
      );
      await waitFor(
        async () =>
          ((await device.db.syncState.get('status'))?.value as { phase?: string } | undefined)
            ?.phase === 'connected' || undefined,
        10_000,
        `${device.name} connected`,
      );
    },

    async offline(device: Device) {
      await device.runtime?.stop();
      device.runtime = undefined;
    },

    /** Publishes as any holder of the credentials would (another device, the operator). */
    async publishRaw(messages: { subject: string; data: Uint8Array; msgID?: string }[]) {
      const connection = await connect({ servers: server.url(), user: 'alice', pass: 'alice' });
      try {
        const js = jetstream(connection);
        for (const message of messages)
          await js.publish(
            message.subject,
            message.data,
            message.msgID ? { msgID: message.msgID } : {},
          );
      } finally {
        await connection.close();
      }
    },
  };
}

export const sent = (device: Device) =>
  waitFor(
    async () => ((await device.db.outbox.count()) === 0 ? true : undefined),
    20_000,
    `${device.name}'s changes sent`,
  );

/** What a key message is addressed to: the device's id and its ECDH public key. */
export async function recipient(device: Device): Promise<KeyRecipient> {
  return {
    deviceId: await getDeviceId(device.db),
    agreement: (await deviceKeys(device.keys)).agreement.publicKey,
  };
}

/** Resolves once every device holds the same journal tables; returns them. */
export async function converged(devices: Device[], what: string) {
  const journalOf = async (device: Device) => JSON.stringify(await journalSnapshot(device.db));
  const journal = await waitFor(
    async () => {
      const journals = await Promise.all(devices.map(journalOf));
      return journals.every((each) => each === journals[0]) ? journals[0] : undefined;
    },
    30_000,
    what,
  );
  return JSON.parse(journal!) as Awaited<ReturnType<typeof journalSnapshot>>;
}

/** Waits until `device` shows `title` on the task. */
export const titled = (device: Device, taskId: string, title: string) =>
  waitFor(
    async () => ((await device.db.tasks.get(taskId))?.title === title ? true : undefined),
    20_000,
    `"${title}" on the ${device.name}`,
  );

/**
 * The device list's part in a running sync: this device's record written when sync
 * starts, "last seen" noted as the feed passes, and a removed device told and stopped.
 * The runtime calls these at its own moments and stays small.
 */
import type { CountersignDatabase } from '../../db/database';
import type { DeviceKeyDatabase } from '../../db/device-key-store';
import type { DeviceKind } from '../../domain/device';
import type { KeyRing } from '../seal/key-ring';
import { syncSubjects, type SyncSubjects } from '../transport/sync-subjects';
import type { SyncTransport } from '../transport/sync-transport';
import { recordThisDevice } from './device-records';
import { lastSeenTracker } from './last-seen';
import { removeDevice, type Removal } from './remove-device';
import { removedRecord, removedWords } from './removed-device';
import { signedProgress, type NoticeTransport } from './signer-notices';

export interface DeviceSyncOptions {
  db: CountersignDatabase;
  user: string;
  /** Without a key store there are no device keys, so no record is written. */
  keyStore: DeviceKeyDatabase | undefined;
  /** The kind of device a new record names (the page's guess unless given: a worker cannot tell). */
  kind?: DeviceKind;
  deviceId(): string;
  /** This device was removed from the journal: the words to show. Called once. */
  onRemoved(words: string): void;
}

export interface DeviceSync {
  /** Writes this device's record; resolves with the words when it was removed already. */
  start(): Promise<string | undefined>;
  /** The feed, noting who each message came from (after the open step). */
  watch(consume: SyncTransport['consume']): SyncTransport['consume'];
  /** Publishes this device's progress reports, signed (signer-notices.ts). */
  progress(transport: NoticeTransport): (cursor: number) => Promise<void>;
  /** After each applied batch: was this device removed by it? */
  applied(): void;
  /** Removes another device; `connected` is undefined while sync is not connected. */
  remove(id: string, connected: ConnectedSync | undefined): Promise<Removal>;
  stop(): Promise<void>;
}

/** What removing a device needs of a connected runtime. */
export interface ConnectedSync {
  subjects: SyncSubjects;
  ring(): Promise<KeyRing>;
  pushNow(): Promise<unknown>;
  publish(subject: string, data: Uint8Array): Promise<void>;
  publishNew(subject: string, data: Uint8Array): Promise<unknown>;
}

export function deviceSync(options: DeviceSyncOptions): DeviceSync {
  const { db } = options;
  const seen = lastSeenTracker(db);
  let told = false;
  const check = async () => {
    const removed = await removedRecord(db, options.deviceId());
    return removed ? removedWords(db, removed) : undefined;
  };
  return {
    async start() {
      if (options.keyStore)
        await recordThisDevice(db, options.keyStore, options.kind).catch(() => undefined);
      return check().catch(() => undefined);
    },
    watch(consume) {
      return (fromSeq, onMessage, feedOptions) =>
        consume(
          fromSeq,
          (message) => {
            seen.saw(options.user, message);
            return onMessage(message);
          },
          feedOptions,
        );
    },
    progress: (transport) =>
      signedProgress(options.keyStore, syncSubjects(options.user), transport, options.deviceId),
    applied() {
      if (told) return;
      void check()
        .then((words) => {
          if (!words || told) return;
          told = true;
          options.onRemoved(words);
        })
        .catch(() => undefined);
    },
    async remove(id, connected) {
      if (!connected) {
        return {
          ok: false,
          words: 'Removing a device needs the sync server: connect this device, then try again.',
        };
      }
      return removeDevice(
        {
          db,
          keyStore: options.keyStore,
          subjects: connected.subjects,
          deviceId: options.deviceId(),
          ring: connected.ring,
          pushNow: connected.pushNow,
          publishKeyMessages: async (messages) => {
            for (const message of messages) await connected.publish(message.subject, message.data);
          },
          publishNew: connected.publishNew,
        },
        id,
      );
    },
    stop: () => seen.flush(),
  };
}

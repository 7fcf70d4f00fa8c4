/**
 * How the runtime reaches the journal key ring: from this device's key store
 * (journal-keys.ts) or a ring a test hands it, and how the open step fetches a key it
 * lacks: the key subject's messages for this device, read by direct get, opened with this
 * device's ECDH key and kept. With a key store it also signs with this device's ECDSA key,
 * and knows at least this device's own public key when checking signatures.
 */
import type { DeviceKeyDatabase } from '../../db/device-key-store';
import { deviceKeys } from '../seal/device-keys';
import { announceKeyId, keepReceivedRing, readKeyRing } from '../seal/journal-keys';
import { findKey, NO_KEYS, type KeyRing } from '../seal/key-ring';
import { openKeyMessages } from '../seal/key-subject';
import {
  attributionNow,
  NOBODY_KNOWN,
  type OpenedSignature,
  type SignerLookup,
} from '../seal/signers';
import type { SyncSubjects } from '../transport/sync-subjects';
import type { SyncTransport } from '../transport/sync-transport';
import type { OpeningKeys } from './opening-feed';

export interface KeyAccessOptions {
  user: string;
  subjects(): SyncSubjects;
  deviceId(): string;
  readLast: SyncTransport['readLast'];
  /** This device's key store; without one the ring is `ring` alone and nothing is fetched. */
  keyStore?: DeviceKeyDatabase;
  ring?: () => Promise<KeyRing>;
  waiting(words: string | undefined): void;
  /** Whose key signs for which device: the journal's device list (signers.ts). */
  signers?: SignerLookup;
}

/** The device list first; this device's own key while its own record is not written yet. */
function orOwnKey(list: SignerLookup, own: SignerLookup): SignerLookup {
  return async (deviceId) => {
    const standing = await list(deviceId);
    return standing.kind === 'unknown' ? own(deviceId) : standing;
  };
}

function ownKeyOnly(keyStore: DeviceKeyDatabase, deviceId: () => string): SignerLookup {
  return async (asked) =>
    asked === deviceId()
      ? { kind: 'known', key: (await deviceKeys(keyStore)).signing.publicKey }
      : { kind: 'unknown' };
}

export interface KeyAccess extends OpeningKeys {
  /** Words when an operation may not be taken as the device it names (signers.ts). */
  attribution(claimed: string, message: OpenedSignature): Promise<string | undefined>;
}

export function journalKeyAccess(options: KeyAccessOptions): KeyAccess {
  const { keyStore } = options;
  const ring =
    options.ring ?? (keyStore ? () => readKeyRing(keyStore) : () => Promise.resolve(NO_KEYS));
  const own = keyStore ? ownKeyOnly(keyStore, options.deviceId) : undefined;
  const signers =
    options.signers && own ? orOwnKey(options.signers, own) : (options.signers ?? own);
  return {
    user: options.user,
    ring,
    get subjects() {
      return options.subjects();
    },
    async fetchKey(keyId) {
      if (findKey(await ring(), keyId)) return true;
      if (!keyStore) return false;
      const own = await deviceKeys(keyStore);
      const opened = await openKeyMessages(
        options.subjects(),
        keyId,
        options.deviceId(),
        own.agreement,
        async (subject) => (await options.readLast(subject))?.data,
      );
      if (!opened.ok) return false;
      return findKey(await keepReceivedRing(opened.ring, keyStore), keyId) !== undefined;
    },
    async announce(keyId) {
      if (keyStore && !findKey(await ring(), keyId)) await announceKeyId(keyId, keyStore);
    },
    waiting: options.waiting,
    async signer() {
      if (!keyStore) return undefined;
      return {
        deviceId: options.deviceId(),
        privateKey: (await deviceKeys(keyStore)).signing.privateKey,
      };
    },
    ...(signers ? { signers } : {}),
    attribution: (claimed, message) => attributionNow(signers ?? NOBODY_KNOWN, claimed, message),
  };
}

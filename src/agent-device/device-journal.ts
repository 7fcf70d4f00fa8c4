/**
 * Which journal the agent device syncs, and with which keys. An encrypted journal is joined
 * once with a code or link from Settings → Sync → Add a device, through the app's own
 * joinJournal (its one-time answer on the join subject, its own envelope of the key): the
 * device keys are made here and kept, with the key ring and the sync details the code
 * carried, in the key file (key-file.ts). Every later start reads them from there, so no
 * new code is needed. A plain journal is joined with the server details instead.
 */
import { hostname } from 'node:os';
import { DeviceKeyDatabase } from '../db/device-key-store';
import { deviceNameSchema } from '../domain/device';
import { joinJournal } from '../sync/pairing/join-journal';
import { readJoinCode } from '../sync/pairing/join-code';
import type { SyncConfig } from '../sync/runtime/sync-config';
import type { NatsConnect } from '../sync/transport/nats-transport';
import type { DeviceConfig } from './device-config';
import type { DeviceLog } from './device-log';
import {
  journalKeysOf,
  loadKeyStore,
  newDeviceKeyJwks,
  readKeyFile,
  writeKeyFile,
  type KeyFile,
} from './key-file';
import { JoinError } from './stream-head';

export interface DeviceJournal {
  sync: SyncConfig;
  /** The app's key store in memory, for an encrypted journal. */
  keyStore?: DeviceKeyDatabase;
  /** The id it joined under, when the key file knows it. */
  deviceId?: string;
  /** Writes the key ring back to the file when a rotation changed it. */
  keepRing(): Promise<void>;
}

const NO_JOURNAL =
  'No journal to join: pass --join with the link from Settings → Sync → Add a device on one of your devices, or --server, --user and --password for a journal that is not encrypted.';

/** How the agent device introduces itself when it joins; the person can rename it. */
function deviceName(): string {
  const named = deviceNameSchema.safeParse(`Agent on ${hostname()}`.slice(0, 60));
  return named.success ? named.data : 'Agent device';
}

async function joinWithCode(
  text: string,
  stateDir: string,
  connect: NatsConnect | undefined,
  keyStore: DeviceKeyDatabase,
): Promise<KeyFile> {
  const read = readJoinCode(text, Date.now());
  if (!read.ok) throw new JoinError(read.words);
  const deviceId = crypto.randomUUID();
  const device = await newDeviceKeyJwks();
  await loadKeyStore(keyStore, { device, journal: { secrets: [], announced: [] } });
  const joined = await joinJournal(
    read.code,
    { deviceId, name: deviceName(), kind: 'computer' },
    { keyStore, ...(connect ? { connect } : {}) },
  );
  if (!joined.ok) throw new JoinError(joined.words);
  const { url, user, secret } = joined.config;
  const keys: KeyFile = {
    v: 1,
    deviceId,
    sync: { url, user, secret, enabled: true },
    journal: await journalKeysOf(keyStore),
    device,
  };
  writeKeyFile(stateDir, keys);
  return keys;
}

export async function openDeviceJournal(
  config: DeviceConfig,
  connect: NatsConnect | undefined,
  log: DeviceLog,
): Promise<DeviceJournal> {
  let keys = readKeyFile(config.stateDir);
  if (!keys && !config.join) {
    if (!config.sync) throw new JoinError(NO_JOURNAL);
    return { sync: config.sync, keepRing: () => Promise.resolve() };
  }
  const keyStore = new DeviceKeyDatabase(`countersign-agent-device-keys-${crypto.randomUUID()}`);
  if (keys) {
    if (config.join)
      log.info('join-code-unused', {
        message: 'Joined already: the key file is used, the code is not needed.',
      });
    await loadKeyStore(keyStore, keys);
  } else {
    keys = await joinWithCode(config.join!, config.stateDir, connect, keyStore);
    log.info('joined-by-code', { deviceId: keys.deviceId, journal: keys.sync.user });
  }
  let held = JSON.stringify(keys.journal);
  const file = keys;
  return {
    sync: keys.sync,
    keyStore,
    deviceId: keys.deviceId,
    async keepRing() {
      const journal = await journalKeysOf(keyStore);
      if (JSON.stringify(journal) === held || journal.secrets.length === 0) return;
      writeKeyFile(config.stateDir, { ...file, journal });
      held = JSON.stringify(journal);
    },
  };
}

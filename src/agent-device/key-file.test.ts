// @vitest-environment node
import 'fake-indexeddb/auto';
import { chmodSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { tempStateDirs } from './temp-state-dirs';
import { DeviceKeyDatabase } from '../db/device-key-store';
import { deviceKeys, exportDevicePublicKeys } from '../sync/seal/device-keys';
import { readKeyRing } from '../sync/seal/journal-keys';
import { toHex } from '../sync/seal/bytes';
import { newJournalSecret } from '../sync/seal/journal-key';
import {
  journalKeysOf,
  KeyFileError,
  keyFilePath,
  loadKeyStore,
  newDeviceKeyJwks,
  readKeyFile,
  writeKeyFile,
  type KeyFile,
} from './key-file';

const freshDir = tempStateDirs('agent-keys-');

async function someKeys(): Promise<KeyFile> {
  return {
    v: 1,
    deviceId: 'agent-1',
    sync: {
      url: 'nats://127.0.0.1:4222',
      user: 'alice',
      secret: { kind: 'password', password: 'pw' },
      enabled: true,
    },
    journal: { secrets: [toHex(newJournalSecret())], announced: [] },
    device: await newDeviceKeyJwks(),
  };
}

it('is written whole for its user only, and gives the app’s key store the same keys after a restart', async () => {
  const dir = freshDir();
  expect(readKeyFile(dir)).toBeUndefined();
  const keys = await someKeys();
  writeKeyFile(dir, keys);
  expect(statSync(keyFilePath(dir)).mode & 0o777).toBe(0o600);
  expect(readdirSync(dir)).toEqual(['keys.json']);
  const read = readKeyFile(dir)!;
  expect(read).toEqual(keys);

  // Two starts load the same identity: the same public keys, the same journal key id.
  const stores = [0, 1].map(() => new DeviceKeyDatabase(`keys-${crypto.randomUUID()}`));
  for (const store of stores) await loadKeyStore(store, read);
  const [a, b] = await Promise.all(stores.map(async (store) => deviceKeys(store)));
  expect(await exportDevicePublicKeys(a!)).toEqual(await exportDevicePublicKeys(b!));
  expect(a!.signing.privateKey.extractable).toBe(false);
  const data = new TextEncoder().encode('signed on one start');
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    a!.signing.privateKey,
    data,
  );
  expect(
    await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      b!.signing.publicKey,
      signature,
      data,
    ),
  ).toBe(true);
  const rings = await Promise.all(stores.map((store) => readKeyRing(store)));
  expect(rings[0]!.generations[0]!.keyId).toBe(rings[1]!.generations[0]!.keyId);
  expect(await journalKeysOf(stores[0]!)).toEqual(keys.journal);
});

it('refuses a key file others may read, and a damaged one, in one line', async () => {
  const dir = freshDir();
  writeKeyFile(dir, await someKeys());
  chmodSync(keyFilePath(dir), 0o644);
  expect(() => readKeyFile(dir)).toThrow(KeyFileError);
  expect(() => readKeyFile(dir)).toThrow(
    `${keyFilePath(dir)} holds the journal key and others may read it (mode 644): run chmod 600 ${keyFilePath(dir)}, then start again.`,
  );
  chmodSync(keyFilePath(dir), 0o600);
  writeFileSync(keyFilePath(dir), '{"v": 1}');
  expect(() => readKeyFile(dir)).toThrow(/is damaged: restore it from a backup/);
});

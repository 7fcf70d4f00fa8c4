// @vitest-environment node
/**
 * Private sync as a person turns it on, against a real nats-server: a plain journal synced
 * by two devices is encrypted on one; the other waits for the key in words, joins with a
 * code from the first, shows the same fingerprint and reads on; the first device sees the
 * answer; the same code on a third device is refused; the key coverage says who holds the
 * key. A new device recovers by phrase and opens every generation up to its phrase's.
 */
import 'fake-indexeddb/auto';
import { connect } from '@nats-io/transport-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { DeviceKeyDatabase } from '../../src/db/device-key-store';
import { getDeviceId } from '../../src/db/settings';
import { readSyncStatus } from '../../src/db/sync-connection';
import { checkJoinAnswer } from '../../src/sync/pairing/join-answer';
import { joinJournal } from '../../src/sync/pairing/join-journal';
import { devicesWithoutKey, readKeyCoverage } from '../../src/sync/pairing/key-coverage';
import { makeJoinCode } from '../../src/sync/pairing/make-join-code';
import { announceOwnKey, encryptJournal } from '../../src/sync/pairing/encrypt-journal';
import {
  openPairingConnection,
  type PairingConnection,
} from '../../src/sync/pairing/pairing-connection';
import { recoverJournal } from '../../src/sync/pairing/recover-journal';
import type { SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { journalKeyFingerprint } from '../../src/sync/seal/fingerprint';
import { addGeneration, readKeyRing } from '../../src/sync/seal/journal-keys';
import { newJournalSecret } from '../../src/sync/seal/journal-key';
import { recoveryPhrase } from '../../src/sync/seal/recovery-phrase';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { createAgentReadyTask, createTestDatabase, userWrite } from '../support/test-database';
import { exampleJournal, startAliceRuntime, waitFor } from './sync-fixtures';

let server: NatsTestServer;
const running: SyncRuntime[] = [];
const connections: PairingConnection[] = [];

beforeAll(async () => {
  server = await startNatsServer();
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((runtime) => runtime.stop()));
  await Promise.all(connections.splice(0).map((connection) => connection.close()));
});

afterAll(async () => {
  await server?.stop();
});

const alice = () => exampleJournal(server.urls[0]!, 'alice');
const keyStore = () => new DeviceKeyDatabase(`keys-${crypto.randomUUID()}`);

async function pairing(user: 'alice' | 'bob'): Promise<PairingConnection> {
  const opened = await openPairingConnection(exampleJournal(server.urls[0]!, user), connect);
  if (!opened.ok) throw new Error(opened.words);
  connections.push(opened.connection);
  return opened.connection;
}

function start(db: CountersignDatabase, keys: DeviceKeyDatabase) {
  const runtime = startAliceRuntime(db, server.urls[0]!, { keyStore: keys });
  running.push(runtime);
  return runtime;
}

const titled = (db: CountersignDatabase, taskId: string, title: string) =>
  waitFor(
    async () => ((await db.tasks.get(taskId))?.title === title ? true : undefined),
    15_000,
    `"${title}"`,
  );

describe('turning private sync on', () => {
  it(
    'encrypts a plain journal; the other device waits in words, joins once by code and reads on',
    { timeout: 60_000 },
    async () => {
      const [laptop, tablet, third] = [
        createTestDatabase(),
        createTestDatabase(),
        createTestDatabase(),
      ];
      const [laptopKeys, tabletKeys, thirdKeys] = [keyStore(), keyStore(), keyStore()];
      start(laptop, laptopKeys);
      start(tablet, tabletKeys);
      const { taskId } = await createAgentReadyTask(laptop);
      await userWrite(laptop, 'set_task_title', { title: 'Plain, before' }, { taskId });
      await titled(tablet, taskId, 'Plain, before');

      const connection = await pairing('alice');
      const laptopId = await getDeviceId(laptop);
      const encrypted = await encryptJournal(connection, laptopId, laptopKeys);
      expect(encrypted.ok).toBe(true);
      const ring = await readKeyRing(laptopKeys);
      expect(ring.generations).toHaveLength(1);
      // Encrypting again keeps the key it has.
      expect(await encryptJournal(connection, laptopId, laptopKeys)).toEqual(encrypted);

      await userWrite(laptop, 'set_task_title', { title: 'Sealed, after' }, { taskId });
      await waitFor(
        async () => (await readSyncStatus(tablet))?.errorKind === 'waiting-for-key' || undefined,
        15_000,
        'the tablet waiting for the key',
      );
      expect((await tablet.tasks.get(taskId))?.title).toBe('Plain, before');

      const tabletId = await getDeviceId(tablet);
      // A second device encrypting would split the journal under two keys: refused in words.
      expect(await encryptJournal(connection, tabletId, tabletKeys)).toEqual({
        ok: false,
        words: expect.stringMatching(/Another device already encrypted this journal/),
      });
      expect((await readKeyRing(tabletKeys)).generations).toHaveLength(0);
      await waitFor(
        async () =>
          (await readKeyCoverage(connection, ring.generations[0]!.keyId)).devices.includes(
            tabletId,
          ) || undefined,
        15_000,
        'both devices reporting progress',
      );
      const before = await readKeyCoverage(connection, ring.generations[0]!.keyId);
      expect(devicesWithoutKey(before)).toEqual([tabletId]);

      const made = await makeJoinCode(alice(), ring, Date.now());
      if (!made.ok) throw new Error(made.words);
      expect(await checkJoinAnswer(connection, ring, made.pending, Date.now())).toEqual({
        state: 'waiting',
      });
      const device = { deviceId: tabletId, name: 'Kitchen tablet', kind: 'tablet' as const };
      const joined = await joinJournal(made.code, device, { keyStore: tabletKeys, connect });
      expect(joined).toMatchObject({
        ok: true,
        fingerprint: encrypted.ok && encrypted.fingerprint,
      });
      await titled(tablet, taskId, 'Sealed, after');

      const seen = await checkJoinAnswer(connection, ring, made.pending, Date.now());
      expect(seen).toMatchObject({ state: 'joined', device: { deviceId: tabletId } });
      expect(
        devicesWithoutKey(await readKeyCoverage(connection, ring.generations[0]!.keyId)),
      ).toEqual([]);

      // The same device trying again (its reply lost) is still in; another device is not.
      expect((await joinJournal(made.code, device, { keyStore: tabletKeys, connect })).ok).toBe(
        true,
      );
      const again = await joinJournal(
        made.code,
        { deviceId: await getDeviceId(third), name: 'Stranger', kind: 'phone' },
        { keyStore: thirdKeys, connect },
      );
      expect(again).toEqual({ ok: false, words: expect.stringMatching(/already used/) });
      expect((await readKeyRing(thirdKeys)).generations).toHaveLength(0);

      // Until it joins, a plain device's writes are still applied everywhere.
      await userWrite(tablet, 'set_task_title', { title: 'From the tablet' }, { taskId });
      await titled(laptop, taskId, 'From the tablet');
    },
  );

  it(
    'recovers by phrase: every generation up to the phrase, and words for a wrong one',
    {
      timeout: 30_000,
    },
    async () => {
      const bob = exampleJournal(server.urls[0]!, 'bob');
      const connection = await pairing('bob');
      // The stream exists once a device has connected.
      const first = createTestDatabase();
      running.push(
        (await import('../../src/sync/runtime/sync-runtime')).startSyncRuntime(first, bob, {
          connect,
          transport: { requestTimeoutMs: 1_000, reconnectWaitMs: 100 },
        }),
      );
      await waitFor(async () => (await readSyncStatus(first))?.phase === 'connected' || undefined);

      const firstKeys = keyStore();
      const encrypted = await encryptJournal(connection, 'laptop', firstKeys);
      const oldSecret = (await readKeyRing(firstKeys)).generations[0]!.secret;
      const rotated = await addGeneration(newJournalSecret(), firstKeys);
      await announceOwnKey(connection, rotated, 'laptop', firstKeys);
      const newSecret = rotated.generations[0]!.secret;

      const newKeys = keyStore();
      const recovered = await recoverJournal(bob, recoveryPhrase(newSecret).join(' '), 'new', {
        keyStore: newKeys,
        connect,
      });
      expect(recovered).toMatchObject({
        ok: true,
        fingerprint: await journalKeyFingerprint(newSecret),
      });
      expect((await readKeyRing(newKeys)).generations.map((key) => key.keyId)).toEqual(
        rotated.generations.map((key) => key.keyId),
      );

      const oldKeys = keyStore();
      const fromOld = await recoverJournal(bob, recoveryPhrase(oldSecret).join(' '), 'old', {
        keyStore: oldKeys,
        connect,
      });
      expect(fromOld).toMatchObject({
        ok: true,
        fingerprint: encrypted.ok && encrypted.fingerprint,
      });
      expect((await readKeyRing(oldKeys)).generations).toHaveLength(1);

      const stranger = recoveryPhrase(newJournalSecret()).join(' ');
      expect(await recoverJournal(bob, stranger, 'x', { keyStore: keyStore(), connect })).toEqual({
        ok: false,
        words: expect.stringMatching(/does not belong to the journal on this server/),
      });
      const typo = recoveryPhrase(newSecret).join(' ').replace(/^\w+/, 'zzzz');
      expect(await recoverJournal(bob, typo, 'x', { keyStore: keyStore(), connect })).toEqual({
        ok: false,
        words: expect.stringMatching(/word 1/i),
      });
      const wrongPassword = { ...bob, secret: { kind: 'password' as const, password: 'nope' } };
      const refused = await recoverJournal(
        wrongPassword,
        recoveryPhrase(newSecret).join(' '),
        'x',
        {
          keyStore: keyStore(),
          connect,
        },
      );
      expect(refused.ok).toBe(false);
    },
  );
});

// @vitest-environment node
/**
 * The agent device joins an encrypted journal like a tablet, against a real nats-server: a
 * laptop (the app's runtime over fake-indexeddb) encrypts its journal and makes an Add a
 * device link; the agent device joins with it, wakes on the laptop's new entry, and its
 * proposal arrives on the laptop, while nothing the server stores is readable. Restarted,
 * it rejoins from its key file without a new code.
 */
import 'fake-indexeddb/auto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { expect, it } from 'vitest';
import { tempStateDirs } from '../../src/agent-device/temp-state-dirs';
import { DeviceKeyDatabase } from '../../src/db/device-key-store';
import { getDeviceId } from '../../src/db/settings';
import { checkJoinAnswer } from '../../src/sync/pairing/join-answer';
import { joinLink } from '../../src/sync/pairing/join-code';
import { makeJoinCode } from '../../src/sync/pairing/make-join-code';
import { encryptJournal } from '../../src/sync/pairing/encrypt-journal';
import { openPairingConnection } from '../../src/sync/pairing/pairing-connection';
import { readKeyRing } from '../../src/sync/seal/journal-keys';
import { laptopOnNatsServer } from '../support/laptop-on-nats-server';
import { createAgentReadyTask, userWrite } from '../support/test-database';
import { agentChangeSets, caughtUp, startTestDevice, wakesIn } from './agent-device-fixtures';
import { rawStream, readable } from './raw-stream';
import { exampleJournal, waitFor } from './sync-fixtures';

const laptopKeys = new DeviceKeyDatabase(`keys-${crypto.randomUUID()}`);
const rig = laptopOnNatsServer({ keyStore: laptopKeys });
const newStateDir = tempStateDirs('countersign-agent-join-');

const ENTRY = 'Safari drops the session cookie';
const LATER = 'Also on the iPad at home';

it('joins an encrypted journal with an Add a device link, wakes there, and rejoins from its key file', async () => {
  const url = rig.url();
  const laptop = rig.laptop();
  const stateDir = newStateDir();
  const { taskId } = await createAgentReadyTask(laptop);
  // The journal before the agent device joins is history: on the server first.
  await rig.sent();

  const opened = await openPairingConnection(exampleJournal(url, 'alice'), connect);
  if (!opened.ok) throw new Error(opened.words);
  const encrypted = await encryptJournal(opened.connection, await getDeviceId(laptop), laptopKeys);
  expect(encrypted.ok).toBe(true);
  const ring = await readKeyRing(laptopKeys);
  const made = await makeJoinCode(exampleJournal(url, 'alice'), ring, Date.now());
  if (!made.ok) throw new Error(made.words);

  // Only the link: the server, the credentials and the key all come with it.
  const first = await startTestDevice(
    { join: joinLink('https://countersign.example/', made.code) },
    stateDir,
  );
  const keyFile = join(stateDir, 'keys.json');
  expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  expect(first.events.find((each) => each.event === 'started')).toMatchObject({ encrypted: true });
  // The laptop sees the answer to the code it showed, from the agent device.
  expect(await checkJoinAnswer(opened.connection, ring, made.pending, Date.now())).toMatchObject({
    state: 'joined',
    device: { deviceId: first.device.deviceId, kind: 'computer' },
  });
  await opened.connection.close();

  await userWrite(laptop, 'add_journal_entry', { text: ENTRY }, { taskId });
  const ended = await waitFor(
    () => first.events.find((each) => each.event === 'wake-ended'),
    20_000,
    'the wake ended',
  );
  expect(ended).toMatchObject({ taskId, status: 'done' });
  await waitFor(
    async () => (await agentChangeSets(laptop, taskId)) > 0 || undefined,
    20_000,
    'the proposal on the laptop',
  );
  await caughtUp(url, first.device);
  await first.device.stop();

  // The operator's view: the entry, the agent's report and its key are nowhere in the stream.
  const raw = await rawStream(url);
  const stored = raw.map(readable).join('\n');
  expect(stored).not.toContain(ENTRY);
  expect(stored).not.toContain('Blocks login.');
  expect(stored).not.toContain(made.code.key);
  // Its claims on the task are there under a keyed token, sealed: the task's id is not.
  const claims = raw.filter((message) => message.subject.startsWith('cs.alice.claim.'));
  expect(claims.map((message) => message.subject)).toContainEqual(
    expect.stringMatching(/^cs\.alice\.claim\.[0-9a-f]{64}\.1$/),
  );
  for (const claim of claims) expect(readable(claim)).not.toContain(taskId);
  // What the key file holds is the journal's newest key, for its user alone.
  expect(JSON.parse(readFileSync(keyFile, 'utf8'))).toMatchObject({
    journal: { secrets: [made.code.key] },
    deviceId: first.device.deviceId,
  });

  // Restarted with no code and no server details: everything comes from the key file.
  const second = await startTestDevice({}, stateDir);
  expect(second.device.deviceId).toBe(first.device.deviceId);
  await caughtUp(url, second.device);
  expect(wakesIn(second.events)).toEqual([]);
  await userWrite(laptop, 'add_journal_entry', { text: LATER }, { taskId });
  await waitFor(
    () => second.events.find((each) => each.event === 'wake-ended'),
    20_000,
    'the wake after the restart',
  );
  await caughtUp(url, second.device);
  expect(wakesIn(second.events)).toHaveLength(1);
  await second.device.stop();
  expect((await rawStream(url)).map(readable).join('\n')).not.toContain(LATER);
  const logged = JSON.stringify([...first.events, ...second.events]);
  expect(logged).not.toContain(made.code.key);
  expect(logged).not.toContain('never-logged-key');
}, 120_000);

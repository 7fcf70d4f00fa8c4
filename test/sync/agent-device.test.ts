// @vitest-environment node
/**
 * The agent device against a real nats-server: a laptop (the app's runtime over
 * fake-indexeddb) writes a journal entry, the agent device wakes once with the demo agent,
 * and its proposal arrives on the laptop as a change set. After a restart it resumes from
 * its state file: the same id, no wake for what it already considered, one for a new edit.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { tempStateDirs } from '../../src/agent-device/temp-state-dirs';
import { laptopOnNatsServer } from '../support/laptop-on-nats-server';
import { createTask, userWrite } from '../support/test-database';
import {
  agentChangeSets,
  aliceJournal,
  caughtUp,
  runCli,
  startTestDevice,
  wakesIn,
  type Logged,
} from './agent-device-fixtures';
import { waitFor } from './sync-fixtures';

const rig = laptopOnNatsServer();
const newStateDir = tempStateDirs('countersign-agent-device-');

it('wakes once on another device’s entry, and its proposal arrives there', async () => {
  const laptop = rig.laptop();
  const stateDir = newStateDir();
  const startDevice = () => startTestDevice(aliceJournal(rig.url()), stateDir);
  const storedState = () =>
    JSON.parse(readFileSync(join(stateDir, 'state.json'), 'utf8')) as {
      deviceId: string;
      considered: number;
    };
  // The journal before the agent device joined: history, never a trigger.
  const categoryId = await rig.allowedCategory();
  const taskId = await createTask(laptop, 'Fix the Safari logout', { categoryId });
  const other = await createTask(laptop, 'Renew the certificate', { categoryId });
  // Every one of those operations on the server before it joins.
  const history = (await laptop.mutations.toArray())
    .filter((row) => row.source === 'user')
    .map((row) => row.operationId);
  await waitFor(
    async () =>
      (await laptop.syncPushes.bulkGet(history)).every((push) => push?.state === 'applied') ||
      undefined,
    10_000,
    'the history on the server',
  );

  const first = await startDevice();
  expect(statSync(join(stateDir, 'state.json')).mode & 0o777).toBe(0o600);
  const joinedAt = storedState().considered;
  await userWrite(laptop, 'add_journal_entry', { text: 'Safari drops the cookie.' }, { taskId });

  const ended = await waitFor(
    () => first.events.find((each) => each.event === 'wake-ended'),
    20_000,
    'the wake ended',
  );
  expect(ended).toMatchObject({ taskId, status: 'done' });
  expect(ended.proposed).toBeGreaterThan(0);
  await waitFor(
    async () => (await agentChangeSets(laptop, taskId)) > 0 || undefined,
    20_000,
    'the proposal on the laptop',
  );
  await caughtUp(rig.url(), first.device);
  expect(storedState().considered).toBeGreaterThan(joinedAt);
  expect(wakesIn(first.events).map((each) => each.taskId)).toEqual([taskId]);
  // Only the task with the new entry got proposals; the history woke nothing.
  expect(await agentChangeSets(laptop, other)).toBe(0);
  expect(JSON.stringify(first.events)).not.toContain('never-logged-key');
  const { deviceId, considered } = storedState();
  await first.device.stop();

  // Restarted on an empty store: the journal comes back from the stream (the entry too),
  // and nothing it considered before wakes it again.
  const second = await startDevice();
  expect(second.device.deviceId).toBe(deviceId);
  await caughtUp(rig.url(), second.device);
  expect(wakesIn(second.events)).toEqual([]);

  await userWrite(laptop, 'add_journal_entry', { text: 'Also on iPad.' }, { taskId });
  const again = await waitFor(
    () => second.events.find((each) => each.event === 'wake-ended'),
    20_000,
    'the wake after the restart',
  );
  expect(again).toMatchObject({ taskId, status: 'done' });
  await caughtUp(rig.url(), second.device);
  expect(wakesIn(second.events)).toHaveLength(1);
  expect(storedState()).toMatchObject({ deviceId });
  expect(storedState().considered).toBeGreaterThan(considered);
  expect(second.events.filter((each) => each.event === 'device-id-changed')).toEqual([]);
  await second.device.stop();
}, 90_000);

it('ends a bad configuration with one line and code 2, and stops cleanly on SIGTERM', async () => {
  const bad = runCli(['--server', 'nats://127.0.0.1:4222', '--user', 'alice']);
  expect(await bad.exited).toBe(2);
  expect(bad.err.join('').trim().split('\n')).toEqual(['agent-device: Sync: Enter the password.']);
  const empty = mkdtempSync(join(tmpdir(), 'countersign-agent-cli-'));
  const nowhere = runCli(['--provider', 'demo', '--state', empty]);
  expect(await nowhere.exited).toBe(2);
  expect(nowhere.err.join('').trim().split('\n')).toEqual([
    expect.stringMatching(
      /^agent-device: No journal to join: pass --join with the link from Settings/,
    ),
  ]);
  rmSync(empty, { recursive: true, force: true });

  const dir = mkdtempSync(join(tmpdir(), 'countersign-agent-cli-'));
  const run = runCli([
    ...['--server', rig.url(), '--user', 'alice', '--password', 'alice'],
    ...['--provider', 'openai', '--model', 'gpt-test', '--state', dir],
  ]);
  await waitFor(
    () =>
      run.out.some(
        (line) => line.includes('"event":"sync"') && line.includes('"phase":"connected"'),
      ) || undefined,
    30_000,
    'the process connected',
  );
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
  const events = run.out.filter(Boolean).map((line) => (JSON.parse(line) as Logged).event);
  expect(events[0]).toBe('joined');
  expect(events.slice(-2)).toEqual(['stopping', 'stopped']);
  expect(run.out.join('\n')).not.toContain('never-logged-key');
  expect(run.err.join('')).toBe('');
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

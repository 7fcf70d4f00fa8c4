// @vitest-environment node
/**
 * The agent device against a real nats-server: a laptop (the app's runtime over
 * fake-indexeddb) writes a journal entry, the agent device wakes once with the demo agent,
 * and its proposal arrives on the laptop as a change set. After a restart it resumes from
 * its state file: the same id, no wake for what it already considered, one for a new edit.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAgentDevice, type AgentDevice } from '../../src/agent-device/agent-device';
import type { DeviceConfig } from '../../src/agent-device/device-config';
import { jsonLinesLog } from '../../src/agent-device/device-log';
import type { CountersignDatabase } from '../../src/db/database';
import { startSyncRuntime, type SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { chatChunk, chatStream } from '../support/scripted-fetch';
import {
  allowAgentCategories,
  createTask,
  createTestDatabase,
  userWrite,
} from '../support/test-database';
import { streamObserver, TEST_POLICY, waitFor } from './sync-fixtures';

const SYNC_OPTIONS = {
  connect,
  policy: TEST_POLICY,
  transport: { requestTimeoutMs: 1_000, reconnectWaitMs: 100 },
  feed: { idleHeartbeatMs: 500 },
};

let server: NatsTestServer;
let laptopRuntime: SyncRuntime | undefined;
let stateDir: string;

beforeAll(async () => {
  server = await startNatsServer();
  stateDir = mkdtempSync(join(tmpdir(), 'countersign-agent-device-'));
});

afterAll(async () => {
  await laptopRuntime?.stop();
  await server?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

/**
 * The model, as an OpenAI-compatible server streams it: a first turn proposes a priority,
 * the turn after the tool results reports.
 */
const scriptedModel: typeof fetch = async (_input, init) => {
  const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as {
    messages?: { role: string }[];
  };
  const reported = body.messages?.some((message) => message.role === 'tool');
  const [name, args] = reported
    ? ['update_report', { oneLiner: 'Safari logout', tldr: 'Raised.', content: 'Blocks login.' }]
    : ['update_task_priority', { priority: 'P0' }];
  const call = {
    index: 0,
    id: 'call_1',
    type: 'function',
    function: { name, arguments: JSON.stringify(args) },
  };
  return new Response(
    chatStream([chatChunk({ role: 'assistant', tool_calls: [call] }), chatChunk({}, 'tool_calls')]),
    { headers: { 'content-type': 'text/event-stream' } },
  );
};

interface Logged {
  event: string;
  [key: string]: unknown;
}

async function startDevice(): Promise<{ device: AgentDevice; events: Logged[] }> {
  const events: Logged[] = [];
  const config: DeviceConfig = {
    sync: {
      url: server.urls[0]!,
      user: 'alice',
      secret: { kind: 'password', password: 'alice' },
      enabled: true,
    },
    provider: {
      kind: 'openai-compatible',
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'scripted',
      apiKey: 'never-logged-key',
    },
    stateDir,
    settleMs: 300,
  };
  const log = jsonLinesLog((line) => {
    events.push(JSON.parse(line) as Logged);
  });
  const device = await startAgentDevice(config, { log, sync: SYNC_OPTIONS, fetch: scriptedModel });
  await waitFor(
    () => events.some((each) => each.event === 'sync' && each.phase === 'connected') || undefined,
    15_000,
    'the agent device connected',
  );
  return { device, events };
}

const wakesIn = (events: Logged[]) => events.filter((each) => each.event === 'wake-started');

const agentChangeSets = (db: CountersignDatabase, taskId: string) =>
  db.changeSets.where('taskId').equals(taskId).count();

const storedState = () =>
  JSON.parse(readFileSync(join(stateDir, 'state.json'), 'utf8')) as {
    deviceId: string;
    considered: number;
  };

/** Applied and considered everything in the stream, with nothing pending. */
async function caughtUp(device: AgentDevice) {
  const observer = await streamObserver(server.urls[0]!, 'alice');
  try {
    await waitFor(
      async () => {
        const last = (await observer.jsm.streams.info('CS_ALICE')).state.last_seq;
        const health = await device.health();
        return (health.idle && health.cursor === last && health.considered === last) || undefined;
      },
      20_000,
      'the agent device caught up',
    );
  } finally {
    await observer.close();
  }
}

it('wakes once on another device’s entry, and its proposal arrives there', async () => {
  const laptop = createTestDatabase();
  laptopRuntime = startSyncRuntime(
    laptop,
    {
      url: server.urls[0]!,
      user: 'alice',
      secret: { kind: 'password', password: 'alice' },
      enabled: true,
    },
    SYNC_OPTIONS,
  );
  await waitFor(
    async () =>
      ((await laptop.syncState.get('status'))?.value as { phase?: string } | undefined)?.phase ===
        'connected' || undefined,
    10_000,
    'the laptop connected',
  );
  // The journal before the agent device joined: history, never a trigger.
  const category = await userWrite(laptop, 'save_category', { name: 'Web', color: '#336699' });
  const categoryId = category.data!.categoryId as string;
  const taskId = await createTask(laptop, 'Fix the Safari logout', { categoryId });
  const other = await createTask(laptop, 'Renew the certificate', { categoryId });
  await allowAgentCategories(laptop, [categoryId]);
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
  await caughtUp(first.device);
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
  await caughtUp(second.device);
  expect(wakesIn(second.events)).toEqual([]);

  await userWrite(laptop, 'add_journal_entry', { text: 'Also on iPad.' }, { taskId });
  const again = await waitFor(
    () => second.events.find((each) => each.event === 'wake-ended'),
    20_000,
    'the wake after the restart',
  );
  expect(again).toMatchObject({ taskId, status: 'done' });
  await caughtUp(second.device);
  expect(wakesIn(second.events)).toHaveLength(1);
  expect(storedState()).toMatchObject({ deviceId });
  expect(storedState().considered).toBeGreaterThan(considered);
  expect(second.events.filter((each) => each.event === 'device-id-changed')).toEqual([]);
  await second.device.stop();
}, 90_000);

/** `npm run agent-device` as a service runs it: its output lines, and how it ended. */
function runCli(args: string[]) {
  const child = spawn(process.execPath, ['scripts/agent-device.mjs', ...args], {
    env: { ...process.env, COUNTERSIGN_API_KEY: 'never-logged-key' },
  });
  const out: string[] = [];
  const err: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(...chunk.toString().split('\n')));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, out, err, exited };
}

it('ends a bad configuration with one line and code 2, and stops cleanly on SIGTERM', async () => {
  const bad = runCli(['--server', 'nats://127.0.0.1:4222', '--user', 'alice']);
  expect(await bad.exited).toBe(2);
  expect(bad.err.join('').trim().split('\n')).toEqual(['agent-device: Sync: Enter the password.']);

  const dir = mkdtempSync(join(tmpdir(), 'countersign-agent-cli-'));
  const run = runCli([
    ...['--server', server.urls[0]!, '--user', 'alice', '--password', 'alice'],
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

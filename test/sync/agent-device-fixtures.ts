/**
 * The agent device as the tests run it against a real nats-server: started in this
 * process with a scripted model, its JSON log lines collected, and waited on until it
 * has applied and considered everything in the stream.
 */
import { spawn } from 'node:child_process';
import { connect } from '@nats-io/transport-node';
import { startAgentDevice, type AgentDevice } from '../../src/agent-device/agent-device';
import type { DeviceConfig } from '../../src/agent-device/device-config';
import type { LocalRowBounds } from '../../src/agent-device/local-rows';
import { jsonLinesLog } from '../../src/agent-device/device-log';
import type { ThrottleLimits } from '../../src/agent-device/wake-throttle';
import type { CountersignDatabase } from '../../src/db/database';
import { laptopOnNatsServer } from '../support/laptop-on-nats-server';
import { chatChunk, chatStream } from '../support/scripted-fetch';
import { streamObserver, TEST_POLICY, waitFor } from './sync-fixtures';

export const SYNC_OPTIONS = {
  connect,
  policy: TEST_POLICY,
  transport: { requestTimeoutMs: 1_000, reconnectWaitMs: 100 },
  feed: { idleHeartbeatMs: 500 },
};

/**
 * The model, as an OpenAI-compatible server streams it: a first turn proposes a priority,
 * the turn after the tool results reports.
 */
export const scriptedModel: typeof fetch = async (_input, init) => {
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

export interface Logged {
  event: string;
  [key: string]: unknown;
}

/** How the device reaches the journal: server details, a join code, or neither (its key file). */
export type Journal = Pick<DeviceConfig, 'sync' | 'join'>;

export const aliceJournal = (url: string): Journal => ({
  sync: { url, user: 'alice', secret: { kind: 'password', password: 'alice' }, enabled: true },
});

export async function startTestDevice(
  journal: Journal,
  stateDir: string,
  extra: {
    leaseMs?: number;
    now?: () => Date;
    throttle?: ThrottleLimits;
    fetch?: typeof fetch;
    localRows?: LocalRowBounds;
  } = {},
): Promise<{ device: AgentDevice; events: Logged[] }> {
  const { throttle, ...options } = extra;
  const events: Logged[] = [];
  const config: DeviceConfig = {
    ...journal,
    provider: {
      kind: 'openai-compatible',
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'scripted',
      apiKey: 'never-logged-key',
    },
    stateDir,
    quietMs: 300,
    // The tests wake one task again within seconds: the throttle has its own tests.
    throttle: throttle ?? { taskEveryMs: 0, perMinute: 600 },
  };
  const log = jsonLinesLog((line) => {
    events.push(JSON.parse(line) as Logged);
  });
  const device = await startAgentDevice(config, {
    log,
    sync: SYNC_OPTIONS,
    fetch: scriptedModel,
    ...options,
  });
  await waitFor(
    () => events.some((each) => each.event === 'sync' && each.phase === 'connected') || undefined,
    15_000,
    'the agent device connected',
  );
  return { device, events };
}

export const wakesIn = (events: Logged[]) => events.filter((each) => each.event === 'wake-started');

export const agentChangeSets = (db: CountersignDatabase, taskId: string) =>
  db.changeSets.where('taskId').equals(taskId).count();

/** Applied and considered everything in alice's stream, with nothing pending. */
export async function caughtUp(url: string, device: AgentDevice) {
  const observer = await streamObserver(url, 'alice');
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

/** `npm run agent-device` as a service runs it: its output lines, and how it ended. */
export function runCli(args: string[]) {
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

/** One device syncing alice's journal on a real nats-server, for the whole file (the rig's laptop). */
export function serverWithDevice(): { url(): string; db(): CountersignDatabase } {
  const rig = laptopOnNatsServer();
  return { url: rig.url, db: rig.laptop };
}

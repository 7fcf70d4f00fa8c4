/**
 * The agent device as a person runs it: `node scripts/agent-device.mjs` in its own process,
 * on a journal of the journeys' nats-server, with the scripted model as its provider. Its
 * JSON log lines are collected so a journey can wait for what it did.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { SYNC_LEASE_PORT } from '../../playwright.config';
import type { ScriptedModel } from './scripted-model';
import type { SyncJournal } from './sync-devices';

export interface LoggedEvent {
  event: string;
  [key: string]: unknown;
}

export interface AgentDeviceProcess {
  readonly events: readonly LoggedEvent[];
  /** Waits until `count` events named `event` (matching `where`) were logged. */
  waitForEvents(
    event: string,
    count: number,
    where?: (logged: LoggedEvent) => boolean,
  ): Promise<LoggedEvent[]>;
  /** SIGTERM, as a service manager stops it; resolves with its exit code. */
  stop(): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** Starts an agent device on `journal` (its TCP port: Node's client does not speak WebSocket). */
export async function startAgentDeviceProcess(
  journal: SyncJournal,
  model: ScriptedModel,
): Promise<AgentDeviceProcess> {
  const stateDir = await mkdtemp(join(tmpdir(), 'countersign-agent-device-'));
  const child = spawn(
    process.execPath,
    [
      'scripts/agent-device.mjs',
      '--server',
      `nats://127.0.0.1:${SYNC_LEASE_PORT - 2}`,
      '--user',
      journal.user,
      '--provider',
      'openai-compatible',
      '--model',
      model.name,
      '--base-url',
      model.baseURL,
      '--state',
      stateDir,
      '--settle',
      '1',
    ],
    {
      env: {
        ...process.env,
        COUNTERSIGN_SYNC_PASSWORD: journal.password,
        COUNTERSIGN_API_KEY: 'scripted-key',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.add(child);
  const events: LoggedEvent[] = [];
  let output = '';
  let partial = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      try {
        events.push(JSON.parse(line) as LoggedEvent);
      } catch {
        // The start-up line is words, not JSON.
      }
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  void exited.then(() => rm(stateDir, { recursive: true, force: true }));

  const device: AgentDeviceProcess = {
    events,
    async waitForEvents(event, count, where = () => true) {
      const matching = () => events.filter((logged) => logged.event === event && where(logged));
      await expect
        .poll(() => matching().length, {
          message: `the agent device logging ${count} × "${event}"; its output so far:\n${output}`,
          timeout: 60_000,
        })
        .toBeGreaterThanOrEqual(count);
      return matching();
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      running.delete(child);
      return exited;
    },
  };
  await device.waitForEvents('started', 1);
  return device;
}

/** Kills any agent device a failed journey left running (call it in afterEach). */
export function killAgentDevices(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, readDeviceConfig } from './device-config';

const SERVER = ['--server', 'nats://127.0.0.1:4222', '--user', 'alice', '--password', 'pw'];
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function problem(argv: string[], env: Record<string, string> = {}): string {
  try {
    readDeviceConfig(argv, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('no problem was found');
}

describe('the agent device’s configuration', () => {
  it('says in one line what to fix', () => {
    expect(problem(SERVER)).toBe(
      'No model is configured: pass --provider (openai-compatible, openai, anthropic, demo) and --model.',
    );
    expect(problem([...SERVER, '--provider', 'gemini', '--model', 'x'])).toMatch(
      /^--provider is one of .*"gemini" is not\.$/,
    );
    expect(problem([...SERVER, '--provider', 'openai'])).toBe(
      '--model is missing: name the model to use.',
    );
    expect(problem(['--server', 'http://x', '--user', 'alice', '--password', 'pw'])).toMatch(
      /^Sync: The server address starts with wss:\/\//,
    );
    expect(problem(['--nonsense'])).toMatch(/--nonsense.*\(see --help\)$/);
    expect(problem(['--config', '/nowhere/agent.json'])).toBe(
      'The config file /nowhere/agent.json cannot be read: check the path.',
    );
    expect(problem(['--join', 'https://x/#join=abc', ...SERVER])).toBe(
      '--join and --server both name a journal: pass the link alone (its server comes with it).',
    );
    const demo = [...SERVER, '--provider', 'demo'];
    expect(problem([...demo, '--wakes-per-minute', '0'])).toBe(
      '--wakes-per-minute is a whole number of at least 1, for example 10.',
    );
    expect(problem([...demo, '--task-wake-every', 'soon'])).toBe(
      '--task-wake-every is a number of seconds, for example 30.',
    );
    for (const message of [problem(SERVER), problem(['--nonsense'])])
      expect(message).not.toContain('\n');
  });

  it('takes flags before the environment before the config file, and keeps the key out of the flags', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-config-'));
    dirs.push(dir);
    const file = join(dir, 'agent.json');
    writeFileSync(
      file,
      JSON.stringify({ server: 'nats://file:4222', user: 'bob', model: 'from-file', settle: 2 }),
    );
    const config = readDeviceConfig(['--config', file, '--user', 'alice', '--provider', 'openai'], {
      COUNTERSIGN_SYNC_PASSWORD: 'pw',
      COUNTERSIGN_API_KEY: 'sk-env',
      COUNTERSIGN_MODEL: 'from-env',
    });
    expect(config).toMatchObject({
      sync: {
        url: 'nats://file:4222',
        user: 'alice',
        secret: { kind: 'password', password: 'pw' },
      },
      provider: { kind: 'openai', model: 'from-env', apiKey: 'sk-env' },
      quietMs: 2_000,
      throttle: { taskEveryMs: 30_000, perMinute: 10 },
      stateDir: 'agent-device-state',
    });
    expect(
      readDeviceConfig(['--provider', 'demo', '--task-wake-every', '5'], {
        COUNTERSIGN_WAKES_PER_MINUTE: '30',
      })?.throttle,
    ).toEqual({ taskEveryMs: 5_000, perMinute: 30 });
    expect(readDeviceConfig(['--help'], {})).toBeUndefined();
    // A link needs no server details, and neither does a restart from the key file.
    const joining = readDeviceConfig(['--provider', 'demo'], {
      COUNTERSIGN_JOIN: 'https://x/#join=abc',
    });
    expect(joining).toMatchObject({ join: 'https://x/#join=abc' });
    expect(joining?.sync).toBeUndefined();
    expect(readDeviceConfig(['--provider', 'demo', '--user', 'alice'], {})?.sync).toBeUndefined();
  });
});

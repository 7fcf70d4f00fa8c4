/**
 * The agent device's configuration: command-line flags, then environment variables, then
 * a JSON config file (--config). Checked with the app's own schemas (the sync settings and
 * the provider settings), and every problem is one line saying what to fix.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { PROVIDER_KINDS, providerSettingsSchema } from '../domain/provider-settings';
import { syncConfigSchema, type SyncConfig } from '../sync/runtime/sync-config';
import type { ProviderSettings } from '../domain/provider-settings';
import { DEFAULT_THROTTLE, type ThrottleLimits } from './wake-throttle';

export const USAGE = `Usage: npm run agent-device -- --join LINK --provider KIND --model NAME [--state DIR]
   or: npm run agent-device -- --server URL --user NAME --password SECRET --provider KIND ...

Runs an agent device: one more device of your journal, in Node, that wakes the agent on the
same automatic-wake rules as the app when another device edits a task.
--join        an encrypted journal: the link (or code) from Settings → Sync → Add a device.
              Used once; the journal key and this device's keys are then kept in
              <state>/keys.json (mode 0600), and later starts need no code.
--server      a journal that is not encrypted: the sync server, nats://host:4222 (or ws://)
--user        the journal's user name on the server
--password    its password (or COUNTERSIGN_SYNC_PASSWORD; or --token / COUNTERSIGN_SYNC_TOKEN)
--provider    ${PROVIDER_KINDS.join(', ')}
--model       the model's name on that provider
--base-url    the provider's address (default http://localhost:11434/v1 for openai-compatible)
--api-key     better: COUNTERSIGN_API_KEY (keys in flags end up in your shell history)
--state       where the device keeps its id, cursor and keys (default ./agent-device-state)
--settle      seconds edits must pause before a wake (default 4, as in the app)
--task-wake-every  seconds between two wakes of one task (default 30): edits in between
              make one more wake, not one each
--wakes-per-minute  wakes started in any minute, over all tasks (default 10); more wait
              in line (logged as wake-queued), none is dropped
--config      a JSON file with any of the above, e.g. {"server": "...", "model": "..."}`;

export interface DeviceConfig {
  /** The server details; absent when the journal is joined by code or kept in the key file. */
  sync?: SyncConfig;
  /** A join code or link (device-journal.ts). */
  join?: string;
  provider: ProviderSettings;
  stateDir: string;
  quietMs: number;
  throttle: ThrottleLimits;
}

export class ConfigError extends Error {}

const fileSchema = z.record(z.string(), z.union([z.string(), z.number()]));

const OPTIONS = {
  join: { type: 'string' },
  server: { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
  token: { type: 'string' },
  provider: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  state: { type: 'string' },
  settle: { type: 'string' },
  'task-wake-every': { type: 'string' },
  'wakes-per-minute': { type: 'string' },
  config: { type: 'string' },
  help: { type: 'boolean' },
} as const;

/** Undefined when --help was asked for; throws ConfigError with one line otherwise. */
export function readDeviceConfig(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): DeviceConfig | undefined {
  let flags: Partial<Record<keyof typeof OPTIONS, string | boolean>>;
  try {
    flags = parseArgs({ args: [...argv], options: OPTIONS }).values;
  } catch (error) {
    throw new ConfigError(`${error instanceof Error ? error.message : String(error)} (see --help)`);
  }
  if (flags.help) return undefined;
  const file = typeof flags.config === 'string' ? readConfigFile(flags.config) : {};
  const pick = (name: keyof typeof OPTIONS, envName?: string): string | undefined => {
    const flag = flags[name];
    if (typeof flag === 'string') return flag;
    const fromEnv = envName ? env[envName] : undefined;
    if (fromEnv) return fromEnv;
    const fromFile = file[name];
    return fromFile === undefined ? undefined : String(fromFile);
  };

  const join = pick('join', 'COUNTERSIGN_JOIN');
  const server = pick('server', 'COUNTERSIGN_SYNC_SERVER');
  if (join && server)
    throw new ConfigError(
      '--join and --server both name a journal: pass the link alone (its server comes with it).',
    );
  const token = pick('token', 'COUNTERSIGN_SYNC_TOKEN');
  const sync = syncConfigSchema.safeParse({
    url: server ?? '',
    user: pick('user', 'COUNTERSIGN_SYNC_USER') ?? '',
    secret: token
      ? { kind: 'token', token }
      : { kind: 'password', password: pick('password', 'COUNTERSIGN_SYNC_PASSWORD') ?? '' },
    enabled: true,
  });
  if (server && !sync.success) throw new ConfigError(`Sync: ${firstIssue(sync.error)}`);

  const kind = pick('provider', 'COUNTERSIGN_PROVIDER');
  if (!kind)
    throw new ConfigError(
      `No model is configured: pass --provider (${PROVIDER_KINDS.join(', ')}) and --model.`,
    );
  const model = pick('model', 'COUNTERSIGN_MODEL') ?? (kind === 'demo' ? 'scripted' : '');
  const provider = providerSettingsSchema.safeParse({
    kind,
    baseURL:
      pick('base-url', 'COUNTERSIGN_BASE_URL') ??
      (kind === 'openai-compatible' ? 'http://localhost:11434/v1' : undefined),
    model,
    apiKey: pick('api-key', 'COUNTERSIGN_API_KEY'),
  });
  if (!provider.success)
    throw new ConfigError(`--provider is one of ${PROVIDER_KINDS.join(', ')}; "${kind}" is not.`);
  if (!provider.data.model) throw new ConfigError('--model is missing: name the model to use.');

  const settle = Number(pick('settle', 'COUNTERSIGN_SETTLE_SECONDS') ?? 4);
  if (!(settle >= 0)) throw new ConfigError('--settle is a number of seconds, for example 4.');
  const taskEvery = Number(
    pick('task-wake-every', 'COUNTERSIGN_TASK_WAKE_EVERY') ?? DEFAULT_THROTTLE.taskEveryMs / 1_000,
  );
  if (!(taskEvery >= 0))
    throw new ConfigError('--task-wake-every is a number of seconds, for example 30.');
  const perMinute = Number(
    pick('wakes-per-minute', 'COUNTERSIGN_WAKES_PER_MINUTE') ?? DEFAULT_THROTTLE.perMinute,
  );
  if (!(Number.isInteger(perMinute) && perMinute >= 1))
    throw new ConfigError('--wakes-per-minute is a whole number of at least 1, for example 10.');
  return {
    ...(server && sync.success ? { sync: sync.data } : {}),
    ...(join ? { join } : {}),
    provider: provider.data,
    stateDir: pick('state', 'COUNTERSIGN_STATE_DIR') ?? 'agent-device-state',
    quietMs: settle * 1_000,
    throttle: { taskEveryMs: taskEvery * 1_000, perMinute },
  };
}

function readConfigFile(path: string): Record<string, string | number> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(`The config file ${path} cannot be read: check the path.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`The config file ${path} is not JSON.`);
  }
  const checked = fileSchema.safeParse(parsed);
  if (!checked.success)
    throw new ConfigError(`The config file ${path} holds one object of strings and numbers.`);
  return checked.data;
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? issue.message : 'the settings are incomplete.';
}

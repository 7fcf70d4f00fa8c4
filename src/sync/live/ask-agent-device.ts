/**
 * A device with no model asks an agent device to wake a task (wake-requests.ts), on a
 * short connection of its own with this device's sync settings and journal key: the
 * answer in words, with a way forward when no agent device is online or sync is off.
 */
import type { CountersignDatabase } from '../../db/database';
import type { DeviceKeyDatabase } from '../../db/device-key-store';
import { readSyncConfig } from '../../db/sync-connection';
import { getDeviceId } from '../../db/settings';
import { readKeyRing } from '../seal/journal-keys';
import { natsCredentials, syncConfigSchema } from '../runtime/sync-config';
import type { NatsConnect } from '../transport/nats-transport';
import { NO_AGENT_DEVICE } from './ask-words';
import { askToWake, openLiveConnection } from './wake-requests';

export type AskOutcome = { asked: boolean; message: string };

export async function askAgentDeviceToWake(
  db: CountersignDatabase,
  taskId: string,
  options: { connect?: NatsConnect; keyStore?: DeviceKeyDatabase; timeoutMs?: number } = {},
): Promise<AskOutcome> {
  const config = syncConfigSchema.safeParse(await readSyncConfig(db));
  if (!config.success || !config.data.enabled)
    return {
      asked: false,
      message:
        'This device has no model and does not sync, so no agent device can hear it. Choose a model in Settings → Agent, or turn on sync in Settings → Sync and run an agent device.',
    };
  let connection;
  try {
    connection = await openLiveConnection({
      servers: config.data.url,
      credentials: natsCredentials(config.data),
      ...(options.connect ? { connect: options.connect } : {}),
    });
  } catch {
    return {
      asked: false,
      message:
        'The sync server cannot be reached, so the agent device cannot be asked. Check the connection and try again, or choose a model in Settings → Agent.',
    };
  }
  try {
    const result = await askToWake({
      connection,
      user: config.data.user,
      ring: await readKeyRing(options.keyStore),
      taskId,
      deviceId: await getDeviceId(db),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
    if (result.kind === 'none-online') return { asked: false, message: NO_AGENT_DEVICE };
    if (result.kind === 'failed') return { asked: false, message: `${result.message} Try again.` };
    return { asked: result.answer.accepted, message: result.answer.message };
  } finally {
    await connection.close().catch(() => undefined);
  }
}

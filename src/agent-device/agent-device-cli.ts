/**
 * `npm run agent-device`: reads the configuration, starts the device, and stops it cleanly
 * on SIGTERM or SIGINT. A configuration that cannot work ends it at once with one line
 * saying what to fix (exit code 2), never a stack trace.
 */
import type { NatsConnect } from '../sync/transport/nats-transport';
import { startAgentDevice } from './agent-device';
import { ConfigError, readDeviceConfig, USAGE } from './device-config';
import { jsonLinesLog } from './device-log';
import { KeyFileError } from './key-file';
import { StateFileError } from './state-file';
import { JoinError } from './stream-head';

/** Runs until a stop signal; resolves with the process's exit code. */
export async function main(argv: readonly string[], connect: NatsConnect): Promise<number> {
  let config;
  try {
    config = readDeviceConfig(argv, process.env);
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
  if (!config) {
    console.log(USAGE);
    return 0;
  }
  const log = jsonLinesLog((line) => console.log(line));
  let device;
  try {
    device = await startAgentDevice(config, { log, sync: { connect } });
  } catch (error) {
    if (
      error instanceof StateFileError ||
      error instanceof KeyFileError ||
      error instanceof JoinError
    )
      return fail(error.message);
    throw error;
  }
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      log.info('stopping', { signal });
      resolve();
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  await device.stop();
  return 0;
}

function fail(message: string): number {
  console.error(`agent-device: ${message}`);
  return 2;
}

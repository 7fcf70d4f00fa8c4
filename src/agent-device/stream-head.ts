/**
 * A new agent device joins at the journal's present: edits made before it joined are
 * history, not triggers. It reads the stream's last sequence once, with the app's own
 * transport, before its runtime starts; that also checks the server, the user and the
 * password, so a wrong one ends the start with one line instead of retrying forever.
 */
import { natsCredentials, type SyncConfig } from '../sync/runtime/sync-config';
import { createNatsTransport } from '../sync/transport/nats-transport';
import { classifySyncError } from '../sync/transport/sync-transport-error';
import type { SyncRuntimeOptions } from '../sync/runtime/sync-runtime';

export class JoinError extends Error {}

/** A connection of the agent device's own, beside the runtime's, with the runtime's settings. */
export function deviceTransport(config: SyncConfig, options: SyncRuntimeOptions) {
  return createNatsTransport({
    servers: config.url,
    user: config.user,
    credentials: natsCredentials(config),
    ...(options.connect ? { connect: options.connect } : {}),
    replicas: options.replicas ?? 1,
    ...options.transport,
  });
}

export async function readStreamHead(
  config: SyncConfig,
  options: SyncRuntimeOptions,
): Promise<number> {
  const transport = deviceTransport(config, options);
  try {
    await transport.connect();
    return (await transport.ensureStream()).lastSeq;
  } catch (error) {
    const failure = classifySyncError(error, { doing: 'joining the journal' });
    throw new JoinError(`${failure.message} Check --server, --user and the password or token.`);
  } finally {
    await transport.close().catch(() => undefined);
  }
}

/**
 * A short connection of its own for pairing (encrypting, showing or using a join code,
 * recovering by phrase): these steps talk to the key and join subjects while sync's
 * runtime may not run yet (a new device) or runs in another tab, and each is a handful of
 * requests. The NATS client is loaded only when one is opened.
 */
import { createNatsTransport, type NatsConnect } from '../transport/nats-transport';
import { syncSubjects, type SyncSubjects } from '../transport/sync-subjects';
import type { StoredClaim } from '../transport/sync-transport';
import { classifySyncError } from '../transport/sync-transport-error';
import { natsCredentials, type SyncConfig } from '../runtime/sync-config';

export interface PairingConnection {
  readonly user: string;
  readonly subjects: SyncSubjects;
  publishNew(subject: string, data: Uint8Array): Promise<'stored' | 'taken'>;
  readLast(subject: string): Promise<StoredClaim | undefined>;
  subjectsUnder(filter: string): Promise<string[]>;
  close(): Promise<void>;
}

export type OpenedConnection =
  { ok: true; connection: PairingConnection } | { ok: false; words: string };

/** Node tests pass @nats-io/transport-node's `connect`; browsers use WebSocket. */
export async function openPairingConnection(
  config: Pick<SyncConfig, 'url' | 'user' | 'secret'>,
  connect?: NatsConnect,
): Promise<OpenedConnection> {
  const transport = createNatsTransport({
    servers: config.url,
    user: config.user,
    credentials: natsCredentials(config),
    connectionName: 'countersign pairing',
    reconnectWaitMs: 1_000,
    ...(connect ? { connect } : {}),
  });
  try {
    await transport.connect();
  } catch (error) {
    await transport.close().catch(() => undefined);
    return {
      ok: false,
      words: classifySyncError(error, { doing: 'connecting to the sync server' }).message,
    };
  }
  return {
    ok: true,
    connection: {
      user: config.user,
      subjects: syncSubjects(config.user),
      publishNew: (subject, data) => transport.publishNew(subject, data),
      readLast: (subject) => transport.readLast(subject),
      subjectsUnder: (filter) => transport.subjectsUnder(filter),
      close: () => transport.close(),
    },
  };
}

/** Runs `step` on a pairing connection and closes it; a failure to connect is returned in words. */
export async function withPairingConnection<T>(
  config: Pick<SyncConfig, 'url' | 'user' | 'secret'>,
  step: (connection: PairingConnection) => Promise<T>,
  connect?: NatsConnect,
): Promise<T | { ok: false; words: string }> {
  const opened = await openPairingConnection(config, connect);
  if (!opened.ok) return opened;
  try {
    return await step(opened.connection);
  } catch (error) {
    return {
      ok: false,
      words: classifySyncError(error, { doing: 'talking to the sync server' }).message,
    };
  } finally {
    await opened.connection.close().catch(() => undefined);
  }
}

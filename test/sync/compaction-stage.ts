/**
 * The stage the operator's compaction is tested on: a real nats-server, alice's stream
 * (created by a device's transport, which pushes operations as the app frames them), a
 * raw connection as any of alice's devices, and one as her maintenance user.
 */
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { journalOperation, messagesOf, userTransport, type TestTransport } from './sync-fixtures';

export interface CompactionStage {
  server: NatsTestServer;
  device: TestTransport;
  raw: NatsConnection;
  maintenance: NatsConnection;
  /** Pushes one operation; resolves with its stream sequence. */
  push(operationId: string): Promise<number>;
  close(): Promise<void>;
}

export async function compactionStage(): Promise<CompactionStage> {
  const server = await startNatsServer();
  const device = userTransport(server.urls, 'alice');
  const opened: NatsConnection[] = [];
  try {
    await device.connect();
    await device.ensureStream();
    opened.push(await connect({ servers: server.urls, user: 'alice', pass: 'alice' }));
    opened.push(
      await connect({
        servers: server.urls,
        user: 'alice-maintenance',
        pass: 'alice-maintenance',
      }),
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
  const [raw, maintenance] = opened as [NatsConnection, NatsConnection];
  return {
    server,
    device,
    raw,
    maintenance,
    async push(operationId) {
      const [message] = messagesOf(journalOperation(operationId));
      return (await device.publishOperation(message!.messageId, message!.data)).seq ?? 0;
    },
    async close() {
      await maintenance.close();
      await raw.close();
      await device.close();
      await server.stop();
    },
  };
}

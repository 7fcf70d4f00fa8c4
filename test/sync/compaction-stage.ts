/**
 * The stage the operator's compaction is tested on: a real nats-server, alice's stream
 * (created by a device's transport, which pushes operations as the app frames them), a
 * raw connection as any of alice's devices, and one as her maintenance user; and the
 * steps of a compaction behind a real device's snapshot.
 */
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { compactJournal } from '../../sync-server/compact.mjs';
import type { CountersignDatabase } from '../../src/db/database';
import { getDeviceId } from '../../src/db/settings';
import { readSnapshotWriteState } from '../../src/db/sync-settings';
import { readCursor } from '../../src/sync/incoming/apply-incoming';
import type { SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { reportingDevice } from './reporting-device';
import {
  journalOperation,
  messagesOf,
  userTransport,
  waitFor,
  type TestTransport,
} from './sync-fixtures';

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

/**
 * Once `db` has sent everything and applied the stream up to its end, has its runtime
 * write a snapshot; resolves with the written state (its sequence).
 */
export async function snapshotWhenCaughtUp(
  db: CountersignDatabase,
  runtime: SyncRuntime,
  lastSeq: () => Promise<number>,
) {
  await waitFor(async () => {
    const [outbox, cursor] = [await db.outbox.count(), await readCursor(db)];
    return (outbox === 0 && cursor >= (await lastSeq())) || undefined;
  });
  await runtime.writeSnapshot();
  return waitFor(async () => {
    const state = await readSnapshotWriteState(db);
    return state?.state === 'written' ? state : undefined;
  });
}

/**
 * Past the retention window: `db`'s device reports `sequence` (signed, as the app does)
 * as the only active device, then the operator's job runs as alice's maintenance user.
 */
export async function compactPastWindow(
  servers: string[],
  db: CountersignDatabase,
  sequence: number,
  retentionMs: number,
) {
  await new Promise((resolve) => setTimeout(resolve, retentionMs + 300));
  const device = await connect({ servers, user: 'alice', pass: 'alice' });
  await reportingDevice(device, await getDeviceId(db)).report(sequence);
  await device.close();
  const operator = await connect({ servers, user: 'alice-maintenance', pass: 'alice-maintenance' });
  try {
    return await compactJournal(operator, 'alice', { retentionMs });
  } finally {
    await operator.close();
  }
}

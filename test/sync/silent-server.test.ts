// @vitest-environment node
/**
 * A server that accepts the connection and then never answers must not read "Connected"
 * (docs/sync-server.md): through a proxy that holds every byte the server sends once the
 * device is connected, the status says in words that the connection was lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../src/db/sync-connection';
import type { SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { createTestDatabase } from '../support/test-database';
import { startAliceRuntime, untilConnected, waitFor } from './sync-fixtures';

let server: NatsTestServer;
let proxy: FaultProxy;
let runtime: SyncRuntime | undefined;

beforeAll(async () => {
  server = await startNatsServer();
  proxy = await startFaultProxy(Number(new URL(server.urls[0]!).port));
});
afterAll(async () => {
  await runtime?.stop();
  await proxy?.close();
  await server?.stop();
});

describe('a server that stops answering', () => {
  it('is said in words, never "Connected"', async () => {
    const db = createTestDatabase();
    runtime = startAliceRuntime(db, proxy.url, {
      transport: { requestTimeoutMs: 1_000, reconnectWaitMs: 100, pingIntervalMs: 500 },
    });
    await untilConnected(db);
    proxy.setMode('hold');
    const status = await waitFor(
      async () => {
        const value = (await db.syncState.get('status'))?.value as SyncStatus | undefined;
        return value && value.phase !== 'connected' ? value : undefined;
      },
      30_000,
      'a status other than connected',
    );
    expect(status.message).toMatch(/lost|did not answer/);
  }, 60_000);
});

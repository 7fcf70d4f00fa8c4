/**
 * Two devices of one person against a real nats-server: a laptop on the server and a tablet
 * behind the fault proxy, so it can go offline. Each test file calls `twoDeviceRig()` once
 * at its top: it starts the server and proxy for the file and stops every runtime after
 * each test.
 */
import { connect } from '@nats-io/transport-node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { startSyncRuntime, type SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import {
  allowAgentCategories,
  createTask,
  createTestDatabase,
  userWrite,
} from '../support/test-database';
import { TEST_POLICY, waitFor } from './sync-fixtures';

export function twoDeviceRig() {
  let server: NatsTestServer;
  let proxy: FaultProxy;
  const running: SyncRuntime[] = [];

  beforeAll(async () => {
    server = await startNatsServer();
    proxy = await startFaultProxy(server.nodes[0]!.clientPort);
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((runtime) => runtime.stop()));
    proxy.setMode('pass');
  });

  afterAll(async () => {
    await proxy?.close();
    await server?.stop();
  });

  async function start(db: CountersignDatabase, url: string, user: 'alice' | 'bob') {
    const runtime = startSyncRuntime(
      db,
      { url, user, secret: { kind: 'password', password: user }, enabled: true },
      {
        connect,
        policy: TEST_POLICY,
        transport: { requestTimeoutMs: 1_000, reconnectWaitMs: 100 },
        feed: { idleHeartbeatMs: 500 },
      },
    );
    running.push(runtime);
    await waitFor(async () => (await db.syncState.get('status'))?.value, 10_000, 'a status');
    await waitFor(
      async () =>
        ((await db.syncState.get('status'))?.value as { phase: string }).phase === 'connected' ||
        undefined,
      10_000,
      'connected',
    );
    return runtime;
  }

  /**
   * A task in a category the agent may act on, with two checklist items. Names are fresh:
   * tests share the two example journals (alice, bob), and a device starting on one
   * receives everything earlier tests wrote there.
   */
  async function readyTask(db: CountersignDatabase) {
    const category = await userWrite(db, 'save_category', {
      name: `Work ${crypto.randomUUID().slice(0, 8)}`,
      color: '#336699',
    });
    const categoryId = category.data!.categoryId as string;
    const taskId = await createTask(db, 'Prepare the demo', { categoryId });
    await userWrite(
      db,
      'add_multiple_checklist_items',
      { items: [{ title: 'Write script' }, { title: 'Book room' }] },
      { taskId },
    );
    const allowed = (await db.agents.toArray()).flatMap((agent) => agent.allowedCategoryIds);
    await allowAgentCategories(db, [...allowed, categoryId]);
    return { taskId, categoryId };
  }

  /** Cuts the tablet off (the proxy drops its connection) and waits until it knows. */
  async function offline(tablet: CountersignDatabase) {
    proxy.setMode('drop');
    await waitFor(
      async () =>
        ((await tablet.syncState.get('status'))?.value as { phase: string }).phase !==
          'connected' || undefined,
      10_000,
      'the tablet offline',
    );
  }

  /**
   * A laptop on the server and a tablet behind the fault proxy, both syncing `user`'s
   * journal. Tests share the two example journals: every id a test writes is new.
   */
  async function twoDevices(user: 'alice' | 'bob') {
    const laptop = createTestDatabase();
    const tablet = createTestDatabase();
    await start(laptop, server.urls[0]!, user);
    await start(tablet, proxy.url, user);
    return { laptop, tablet };
  }

  /** Waits until every push of `db` landed (its outbox is empty). */
  const sent = (db: CountersignDatabase) =>
    waitFor(async () => ((await db.outbox.count()) === 0 ? true : undefined), 10_000, 'sent');

  return {
    get server() {
      return server;
    },
    get proxy() {
      return proxy;
    },
    running,
    start,
    readyTask,
    offline,
    twoDevices,
    sent,
  };
}

// @vitest-environment node
/**
 * Exactly once under faults, with the app's own sync runtime (Dexie in fake-indexeddb):
 * a laptop writes N journal operations while its link to a 3-node cluster (stream
 * replicated 3 times) times out after sending, loses answers (connection resets) and
 * the stream's leader is killed; a tablet receives. Every operation must be on the
 * server once and applied on the tablet once. Prints one `SYNC_FAULTS {json}` line,
 * which `npm run bench` reports (scripts/bench/measure-sync.mjs).
 */
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { keepOutbox } from '../../src/db/sync-settings';
import { startSyncRuntime, type SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startNatsCluster, type NatsTestServer } from '../support/nats-server';
import { createTask, createTestDatabase } from '../support/test-database';
import { streamObserver, userTransport, waitFor } from './sync-fixtures';
import { graceWait } from '../support/grace';

/** A person's pace between edits, so the faults land between writes and not only on a burst. */
const WRITE_PACE_MS = 15;

const OPERATIONS = Number(process.env.SYNC_FAULT_OPERATIONS ?? 120);

let cluster: NatsTestServer;
let proxy: FaultProxy;
let leader: string;
const runtimes: SyncRuntime[] = [];

beforeAll(async () => {
  cluster = await startNatsCluster();
  const first = userTransport(cluster.urls, 'alice', { replicas: 3, requestTimeoutMs: 1_000 });
  await first.connect();
  await waitFor(() => first.ensureStream(), 15_000, 'the replicated stream');
  await first.close();
  const observer = await streamObserver(cluster.urls, 'alice');
  leader = (await observer.jsm.streams.info('CS_ALICE')).cluster!.leader!;
  await observer.close();
  // The laptop's link goes through the proxy to a node that survives the kill.
  const survivor = cluster.nodes.find((node) => node.name !== leader)!;
  proxy = await startFaultProxy(survivor.clientPort);
});

afterAll(async () => {
  await Promise.all(runtimes.map((runtime) => runtime.stop()));
  await proxy?.close();
  await cluster?.stop();
});

function start(db: CountersignDatabase, servers: string[]) {
  const runtime = startSyncRuntime(
    db,
    {
      url: servers[0]!,
      user: 'alice',
      secret: { kind: 'password', password: 'alice' },
      enabled: true,
    },
    {
      connect,
      replicas: 3,
      policy: {
        maxAttempts: 4,
        baseBackoffMs: 200,
        maxBackoffMs: 2_000,
        immediateReconcileTimeoutMs: 1_500,
        pushesPerRun: 2,
      },
      transport: { servers, requestTimeoutMs: 800, reconnectWaitMs: 100 },
      feed: { idleHeartbeatMs: 500 },
    },
  );
  runtimes.push(runtime);
  return runtime;
}

describe('exactly once under faults', () => {
  it('lands and applies every operation once through timeouts, resets and a leader kill', async () => {
    const laptop = createTestDatabase();
    const tablet = createTestDatabase();
    const survivors = cluster.nodes.filter((node) => node.name !== leader).map((node) => node.url);
    // As Settings does before sync starts: from here on, every write keeps an outbox row.
    await Promise.all([keepOutbox(laptop), keepOutbox(tablet)]);
    const laptopSync = start(laptop, [proxy.url, ...survivors.slice(1)]);
    start(tablet, cluster.urls);

    const started = performance.now();
    const faults = { timeouts: 0, resets: 0, leaderKilledAt: -1 };
    const taskIds: string[] = [];
    for (let index = 0; index < OPERATIONS; index++) {
      if (index % 30 === 10) {
        proxy.setMode('hold');
        faults.timeouts++;
      } else if (index % 30 === 20) {
        proxy.setMode('reset');
        faults.resets++;
      } else if (index % 30 === 12 || index % 30 === 22) {
        proxy.setMode('pass');
      }
      if (index === Math.floor(OPERATIONS / 2)) {
        await cluster.node(leader).kill();
        faults.leaderKilledAt = index;
      }
      taskIds.push(await createTask(laptop, `Under faults ${index}`));
      await graceWait(WRITE_PACE_MS);
    }
    proxy.setMode('pass');

    // What the runtime cannot settle by itself, the person answers "it did not happen".
    let askedThePerson = 0;
    await waitFor(
      async () => {
        for (const record of await laptop.syncPushes
          .where('state')
          .equals('indeterminate')
          .toArray()) {
          askedThePerson++;
          await laptopSync.resolve(record.operationId, 'did-not-happen');
        }
        await laptopSync.syncNow();
        return (await laptop.outbox.count()) === 0 ? true : undefined;
      },
      90_000,
      'every push landed',
    );
    const pushedMs = performance.now() - started;
    await waitFor(
      async () =>
        (await tablet.tasks.where('id').anyOf(taskIds).count()) === OPERATIONS ? true : undefined,
      60_000,
      'the tablet has every task',
    );

    const observer = await streamObserver(survivors, 'alice');
    const bySubject = await observer.countBySubject('ops.>');
    await observer.close();
    const pushedIds = (await laptop.syncPushes.toArray()).map((record) => record.operationId);
    const onServer = pushedIds.map((id) => bySubject[`cs.alice.ops.${id}`] ?? 0);
    const applied = await tablet.syncApplied.toArray();
    const appliedCounts = new Map<string, number>();
    for (const row of applied)
      appliedCounts.set(row.operationId, (appliedCounts.get(row.operationId) ?? 0) + 1);
    const tabletTasks = await tablet.tasks.where('id').anyOf(taskIds).toArray();
    const figures = {
      operations: OPERATIONS,
      pushes: pushedIds.length,
      ...faults,
      askedThePerson,
      duplicatesOnServer: onServer.filter((count) => count > 1).length,
      lossesOnServer: onServer.filter((count) => count === 0).length,
      duplicatesApplied: tabletTasks.length - new Set(tabletTasks.map((task) => task.id)).size,
      lossesApplied: OPERATIONS - tabletTasks.length,
      appliedTwice: [...appliedCounts.values()].filter((count) => count > 1).length,
      seconds: Math.round(pushedMs / 100) / 10,
    };
    console.info(`SYNC_FAULTS ${JSON.stringify(figures)}`);
    expect(figures).toMatchObject({
      duplicatesOnServer: 0,
      lossesOnServer: 0,
      duplicatesApplied: 0,
      lossesApplied: 0,
      appliedTwice: 0,
    });
  });
});

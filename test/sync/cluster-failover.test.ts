// @vitest-environment node
/**
 * A 3-node cluster on loopback with the journal stream replicated 3 times. One device
 * pushes 300 operations with the real push runtime while the stream's leader is killed
 * (SIGKILL) a third of the way through; every operation must land exactly once, and the
 * other device's feed must receive each exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncOperation } from '../../src/domain/sync-envelope';
import { enqueuePush, pushOne } from '../../src/sync/push/push-one';
import type { PushRow } from '../../src/sync/push/push-row';
import { resolveIndeterminate } from '../../src/sync/push/resolve-indeterminate';
import { runReconcileLoop } from '../../src/sync/push/run-reconcile-loop';
import type { SyncFeed } from '../../src/sync/transport/sync-transport';
import { startNatsCluster, type NatsTestServer } from '../support/nats-server';
import {
  journalOperation,
  pushRuntime,
  streamObserver,
  userTransport,
  waitFor,
  type TestTransport,
} from './sync-fixtures';
import { graceWait, LATE_MESSAGE_GRACE_MS } from '../support/grace';

const OPERATIONS = 300;
const KILL_AT = 100;

let cluster: NatsTestServer;
let laptop: TestTransport;
let tablet: TestTransport;
let observer: Awaited<ReturnType<typeof streamObserver>>;
let leader: string | undefined;

beforeAll(async () => {
  cluster = await startNatsCluster();
  try {
    // The first device creates the replicated stream.
    const first = userTransport(cluster.urls, 'alice', { replicas: 3, requestTimeoutMs: 1_000 });
    await first.connect();
    await waitFor(() => first.ensureStream(), 15_000, 'the replicated stream');
    await first.close();
    observer = await streamObserver(cluster.urls, 'alice');
    leader = (await observer.jsm.streams.info('CS_ALICE')).cluster?.leader;
    // The pushing device stays connected through the failover (it is not on the leader's
    // node), so its pushes meet the election itself: no responders, timeouts.
    const survivors = cluster.nodes.filter((node) => node.name !== leader).map((node) => node.url);
    laptop = userTransport(survivors, 'alice', { replicas: 3, requestTimeoutMs: 1_000 });
    tablet = userTransport(cluster.urls, 'alice', { requestTimeoutMs: 1_000 });
    await laptop.connect();
    await laptop.ensureStream();
    await tablet.connect();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
});

afterAll(async () => {
  await laptop?.close();
  await tablet?.close();
  await observer?.close().catch(() => undefined);
  await cluster?.stop();
});

describe('a leader failover in a 3-node cluster', () => {
  it('lands every operation exactly once, and the other device receives each once', async () => {
    const info = await observer.jsm.streams.info('CS_ALICE');
    expect(info.config.num_replicas).toBe(3);
    expect(info.cluster?.replicas).toHaveLength(2);
    expect(leader).toBeDefined();

    const received = new Map<string, number>();
    const feed: SyncFeed = tablet.consume(
      1,
      async (message) => {
        received.set(message.subject, (received.get(message.subject) ?? 0) + 1);
      },
      { idleHeartbeatMs: 1_000 },
    );

    const operations = new Map<string, SyncOperation>();
    const deps = pushRuntime(laptop, operations, {
      maxAttempts: 6,
      baseBackoffMs: 250,
      maxBackoffMs: 2_000,
      immediateReconcileTimeoutMs: 2_000,
      pushesPerRun: 2,
    });
    const started = performance.now();
    let killedAt = 0;
    const firstState = new Map<string, string>();
    for (let index = 0; index < OPERATIONS; index++) {
      if (index === KILL_AT) {
        await cluster.node(leader!).kill();
        killedAt = performance.now();
      }
      const operationId = `cluster-op-${index}`;
      operations.set(operationId, journalOperation(operationId));
      await enqueuePush(deps, operationId, index);
      const row = await pushOne(deps, operationId);
      firstState.set(operationId, row.state);
    }
    const pushedAt = performance.now();

    // The loop settles whatever the failover left uncertain; a push the person would be
    // asked about is answered "it did not happen", which must still land it only once.
    let askedThePerson = 0;
    const rows = await waitFor(
      async () => {
        await runReconcileLoop(deps);
        for (const row of await deps.store.listIndeterminate()) {
          askedThePerson++;
          await resolveIndeterminate(deps, row.operationId, 'did-not-happen');
        }
        const all: PushRow[] = deps.store.all();
        return all.every((row) => row.state === 'applied') ? all : undefined;
      },
      20_000,
      'every push to be applied',
    );
    const settledAt = performance.now();
    expect(rows).toHaveLength(OPERATIONS);

    const counts = await waitFor(
      async () => {
        const bySubject = await observer.countBySubject('ops.>');
        return Object.keys(bySubject).length === OPERATIONS ? bySubject : undefined;
      },
      10_000,
      'the stream to report every operation',
    );
    expect(Object.values(counts).every((count) => count === 1)).toBe(true);
    expect(await observer.totalMessages()).toBe(OPERATIONS);

    await waitFor(() => received.size === OPERATIONS || undefined, 20_000, 'the other device');
    await graceWait(LATE_MESSAGE_GRACE_MS);
    await feed.stop();
    expect([...received.values()].every((count) => count === 1)).toBe(true);
    expect(received.size).toBe(OPERATIONS);

    const notAppliedAtOnce = [...firstState.values()].filter((state) => state !== 'applied');
    console.info(
      `cluster failover: leader ${leader} killed at operation ${KILL_AT}; ` +
        `${OPERATIONS} pushed in ${((pushedAt - started) / 1000).toFixed(1)} s ` +
        `(${((pushedAt - killedAt) / 1000).toFixed(1)} s after the kill), all applied ` +
        `${((settledAt - pushedAt) / 1000).toFixed(1)} s later; ` +
        `${notAppliedAtOnce.length} pushes not applied on the first try ` +
        `(${[...new Set(notAppliedAtOnce)].join(', ') || 'none'}), ` +
        `${askedThePerson} would have asked the person; ` +
        `the other device's feed restarted ${feed.restarts} time(s); ` +
        `stream: ${OPERATIONS} messages, one per operation.`,
    );
  }, 60_000);
});

// @vitest-environment node
/**
 * Pushes through a misbehaving network (a TCP fault proxy in front of a real
 * nats-server): every uncertain outcome is reconciled by the push runtime, and whatever
 * happens the stream holds each operation exactly once.
 */
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SyncOperation } from '../../src/domain/sync-envelope';
import { enqueuePush, pushOne } from '../../src/sync/push/push-one';
import type { PushOutcome } from '../../src/sync/push/push-target';
import { resolveIndeterminate } from '../../src/sync/push/resolve-indeterminate';
import { runReconcileLoop } from '../../src/sync/push/run-reconcile-loop';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import {
  journalOperation,
  messagesOf,
  pushRuntime,
  streamObserver,
  userTransport,
  waitFor,
  type TestTransport,
} from './sync-fixtures';

let server: NatsTestServer;
let proxy: FaultProxy;
let alice: TestTransport;
let observer: Awaited<ReturnType<typeof streamObserver>>;
const operations = new Map<string, SyncOperation>();

beforeAll(async () => {
  server = await startNatsServer();
  try {
    proxy = await startFaultProxy(server.nodes[0]!.clientPort);
    alice = userTransport(proxy.url, 'alice');
    await alice.connect();
    await alice.ensureStream();
    observer = await streamObserver(server.urls, 'alice');
  } catch (error) {
    await server.stop();
    throw error;
  }
});

afterAll(async () => {
  await alice?.close().catch(() => undefined);
  await observer?.close().catch(() => undefined);
  await proxy?.close();
  await server?.stop();
});

beforeEach(async () => {
  proxy.setMode('pass');
  await waitFor(() => alice.didLand('warm-up').then(() => true), 5_000, 'a live connection');
});

function newOperation(operationId: string, rows = 1, textBytes = 40): SyncOperation {
  const operation = journalOperation(operationId, rows, textBytes);
  operations.set(operationId, operation);
  return operation;
}

async function copiesOf(operationId: string): Promise<number> {
  const counts = await observer.countBySubject(`ops.${operationId}`);
  return counts[`cs.alice.ops.${operationId}`] ?? 0;
}

/** Ticks the loop until the push reaches `state` (the test policy waits 100, 200, 400 ms). */
async function tickUntil(deps: ReturnType<typeof pushRuntime>, operationId: string, state: string) {
  return waitFor(
    async () => {
      await runReconcileLoop(deps);
      const row = await deps.store.get(operationId);
      return row?.state === state ? row : undefined;
    },
    15_000,
    `push ${operationId} to become ${state}`,
  );
}

describe('pushes through faults', () => {
  it('reconciles a timeout after send as landed, with no second copy on the server', async () => {
    newOperation('hold-then-answer');
    const deps = pushRuntime(alice, operations);
    const outcomes: PushOutcome[] = [];
    const inner = deps.target;
    // The reply is held until the publish times out; the answer to "did it land?" is not.
    deps.target = {
      push: async (operationId) => {
        proxy.setMode('hold');
        const outcome = await inner.push(operationId);
        outcomes.push(outcome);
        proxy.setMode('pass');
        return outcome;
      },
      reconcile: (operationId) => inner.reconcile!(operationId),
    };
    await enqueuePush(deps, 'hold-then-answer', 1);
    const row = await pushOne(deps, 'hold-then-answer');

    expect(outcomes).toEqual([{ status: 'uncertain', error: expect.stringMatching(/in time/) }]);
    expect(row.state).toBe('applied');
    expect(await copiesOf('hold-then-answer')).toBe(1);
  });

  it('leaves a push needs_reconcile while answers are lost, then the loop finds it landed', async () => {
    newOperation('hold-longer');
    const deps = pushRuntime(alice, operations);
    await enqueuePush(deps, 'hold-longer', 1);
    proxy.setMode('hold');
    expect((await pushOne(deps, 'hold-longer')).state).toBe('needs_reconcile');
    proxy.setMode('pass');

    const row = await tickUntil(deps, 'hold-longer', 'applied');
    expect(row.attempts).toBeGreaterThanOrEqual(1);
    expect(await copiesOf('hold-longer')).toBe(1);
  });

  it('reconciles a connection reset before the reply (the answer is lost) as landed', async () => {
    newOperation('reset-before-reply');
    const deps = pushRuntime(alice, operations);
    await enqueuePush(deps, 'reset-before-reply', 1);
    const before = proxy.connectionsAccepted;
    proxy.setMode('reset');
    const first = await pushOne(deps, 'reset-before-reply');
    expect(['applied', 'needs_reconcile']).toContain(first.state);
    await tickUntil(deps, 'reset-before-reply', 'applied');

    expect(proxy.connectionsAccepted).toBeGreaterThan(before);
    expect(await copiesOf('reset-before-reply')).toBe(1);
  });

  it('after an outage longer than the retry budget, "it did not happen" lands it exactly once', async () => {
    // It landed, the answer was lost, then the server became unreachable.
    newOperation('outage-landed');
    const deps = pushRuntime(alice, operations);
    await enqueuePush(deps, 'outage-landed', 1);
    proxy.setMode('hold');
    await pushOne(deps, 'outage-landed');
    proxy.setMode('drop');
    const stuck = await tickUntil(deps, 'outage-landed', 'indeterminate');
    expect(stuck.attempts).toBe(3);
    expect(await deps.store.listIndeterminate()).toHaveLength(1);

    const back = alice.reconnected();
    proxy.setMode('pass');
    await back;
    const resolved = await resolveIndeterminate(deps, 'outage-landed', 'did-not-happen');
    expect(resolved).toMatchObject({ state: 'applied', resolution: { choice: 'did-not-happen' } });
    expect(await copiesOf('outage-landed')).toBe(1);
  });

  it('after an outage, "it did not happen" for a push a crash interrupted sends it once', async () => {
    newOperation('outage-never-sent');
    const deps = pushRuntime(alice, operations);
    const row = await enqueuePush(deps, 'outage-never-sent', 1);
    // The tab closed between marking the push in flight and sending it.
    await deps.store.put({ ...row, state: 'in_flight' });
    proxy.setMode('drop');
    await tickUntil(deps, 'outage-never-sent', 'indeterminate');
    expect(await copiesOf('outage-never-sent')).toBe(0);

    const back = alice.reconnected();
    proxy.setMode('pass');
    await back;
    const resolved = await resolveIndeterminate(deps, 'outage-never-sent', 'did-not-happen');
    expect(resolved.state).toBe('applied');
    expect(await copiesOf('outage-never-sent')).toBe(1);
  });

  it('fails fast while offline without making the push uncertain', async () => {
    newOperation('offline-not-sent');
    const deps = pushRuntime(alice, operations);
    await enqueuePush(deps, 'offline-not-sent', 1);
    proxy.setMode('drop');
    await waitFor(
      () => ['disconnected', 'reconnecting'].includes(alice.events.at(-1) ?? ''),
      5_000,
      'the disconnect',
    );
    const row = await pushOne(deps, 'offline-not-sent');
    expect(row).toMatchObject({
      state: 'pending',
      lastError: expect.stringMatching(/nothing was sent/),
    });

    const back = alice.reconnected();
    proxy.setMode('pass');
    await back;
    await tickUntil(deps, 'offline-not-sent', 'applied');
    expect(await copiesOf('offline-not-sent')).toBe(1);
  });
});

describe('exactly once', () => {
  it('the same operation pushed three times leaves one message', async () => {
    const operation = newOperation('pushed-three-times');
    const [message] = messagesOf(operation);
    const receipts = [];
    for (let push = 0; push < 3; push++) {
      receipts.push(await alice.publishOperation(message!.messageId, message!.data));
    }
    expect(receipts.map((receipt) => receipt.status)).toEqual([
      'stored',
      'already-landed',
      'already-landed',
    ]);

    // Through the runtime too, each time as if the push had never been made.
    const deps = pushRuntime(alice, operations);
    const row = await enqueuePush(deps, 'pushed-three-times', 1);
    for (let push = 0; push < 3; push++) {
      await deps.store.put({ ...row, state: 'pending' });
      expect((await pushOne(deps, 'pushed-three-times')).state).toBe('applied');
    }
    expect(await copiesOf('pushed-three-times')).toBe(1);
  });

  it('refuses a second copy on the operation subject even with another message id (error 10077)', async () => {
    const operation = newOperation('copy-after-window');
    const [message] = messagesOf(operation);
    await alice.publishOperation(message!.messageId, message!.data);
    const raw = await connect({ servers: server.urls, user: 'alice', pass: 'alice' });
    try {
      const copy = jetstream(raw, { timeout: 2_000 }).publish(
        'cs.alice.ops.copy-after-window',
        message!.data,
        { msgID: 'not-the-operation-id' },
      );
      await expect(copy).rejects.toMatchObject({ code: 10077 });
    } finally {
      await raw.close();
    }
    expect(await copiesOf('copy-after-window')).toBe(1);
  });

  it('pushes a split import as one message per part, each exactly once', async () => {
    const parts = messagesOf(newOperation('split-import', 300, 5_000));
    expect(parts.length).toBeGreaterThan(2);
    const deps = pushRuntime(alice, operations);
    const row = await enqueuePush(deps, 'split-import', 1);
    expect((await pushOne(deps, 'split-import')).state).toBe('applied');
    await deps.store.put({ ...row, state: 'pending' });
    expect((await pushOne(deps, 'split-import')).state).toBe('applied');

    const counts = Object.entries(await observer.countBySubject('ops.>')).filter(([subject]) =>
      subject.startsWith('cs.alice.ops.split-import-p'),
    );
    expect(counts).toHaveLength(parts.length);
    expect(counts.every(([, count]) => count === 1)).toBe(true);
  });
});

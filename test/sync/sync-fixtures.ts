/**
 * Shared pieces of the sync integration tests: a transport for a user over Node's TCP
 * client, journal operations encoded as real envelopes, and an independent view of the
 * server (its own connection) to count what the stream holds.
 */
import { generateDeviceKeys } from '../../src/sync/seal/device-keys';
import { signMessage } from '../../src/sync/seal/signed-message';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import {
  encodeEnvelope,
  partMessageId,
  splitOperation,
  type SyncOperation,
} from '../../src/domain/sync-envelope';
import { systemClock } from '../../src/sync/push/push-clock';
import type { PushDeps } from '../../src/sync/push/push-deps';
import { createMemoryPushStore } from '../support/memory-push-store';
import type { ReconciliationPolicy } from '../../src/sync/push/reconciliation-policy';
import { createTransportPushTarget } from '../../src/sync/push/transport-push-target';
import type { OutgoingMessage } from '../../src/sync/wire/outgoing-messages';
import {
  createNatsTransport,
  type NatsTransportOptions,
} from '../../src/sync/transport/nats-transport';
import type { ConnectionEvent } from '../../src/sync/transport/connection-status';
import type { SyncTransport } from '../../src/sync/transport/sync-transport';
import type { CountersignDatabase } from '../../src/db/database';
import {
  startSyncRuntime,
  type SyncRuntime,
  type SyncRuntimeOptions,
} from '../../src/sync/runtime/sync-runtime';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';

/** Seconds, not minutes: the same policy shape as production, scaled for tests. */
export const TEST_POLICY: ReconciliationPolicy = {
  maxAttempts: 3,
  baseBackoffMs: 100,
  maxBackoffMs: 1_000,
  immediateReconcileTimeoutMs: 1_500,
  pushesPerRun: 2,
};

export type TestTransport = ReturnType<typeof createNatsTransport> & {
  readonly events: ConnectionEvent[];
  /** Resolves once the connection is back after an outage. */
  reconnected(): Promise<void>;
};

export function userTransport(
  servers: string | string[],
  user: 'alice' | 'bob',
  options: Partial<NatsTransportOptions> = {},
): TestTransport {
  const events: ConnectionEvent[] = [];
  const waiters: (() => void)[] = [];
  const transport = createNatsTransport({
    servers,
    user,
    credentials: { user, pass: user },
    connect,
    requestTimeoutMs: 1_000,
    reconnectWaitMs: 100,
    ...options,
    onConnectionEvent: (event) => {
      events.push(event);
      if (event === 'reconnected') waiters.splice(0).forEach((wake) => wake());
      options.onConnectionEvent?.(event);
    },
  });
  return Object.assign(transport, {
    events,
    reconnected: () => new Promise<void>((resolve) => waiters.push(resolve)),
  });
}

/** A journal operation: one task's title change, or `rows` new entries (an import). */
export function journalOperation(operationId: string, rows = 1, textBytes = 40): SyncOperation {
  return {
    v: 1,
    operationId,
    kind: rows === 1 ? 'set_task_title' : 'import',
    deviceId: 'device-a',
    vectorClock: { 'device-a': 1 },
    time: new Date().toISOString(),
    diffs: Array.from({ length: rows }, (_, index) => ({
      table: 'entries' as const,
      id: `${operationId}-row-${index}`,
      before: null,
      after: { id: `${operationId}-row-${index}`, text: 'x'.repeat(textBytes) },
    })),
  };
}

export function messagesOf(operation: SyncOperation, budget?: number): OutgoingMessage[] {
  return splitOperation(operation, budget).map((part) => ({
    messageId: partMessageId(part),
    data: encodeEnvelope(part),
  }));
}

/** Push runtime wired to a transport, over an in-memory store, with the test policy. */
export function pushRuntime(
  transport: SyncTransport,
  operations: Map<string, SyncOperation>,
  policy: ReconciliationPolicy = TEST_POLICY,
): PushDeps & { store: ReturnType<typeof createMemoryPushStore> } {
  const store = createMemoryPushStore();
  const target = createTransportPushTarget(transport, async (operationId) => {
    const operation = operations.get(operationId);
    if (!operation) throw new Error(`No operation ${operationId} in the outbox.`);
    return messagesOf(operation);
  });
  return { store, target, clock: systemClock, policy };
}

/** An independent connection that reports what the stream holds, per subject. */
export async function streamObserver(servers: string | string[], user: 'alice' | 'bob') {
  const connection = await connect({
    servers,
    user,
    pass: user,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 100,
  });
  const jsm = await jetstreamManager(connection, { timeout: 2_000, checkAPI: false });
  const stream = `CS_${user.toUpperCase()}`;
  return {
    jsm,
    /** Messages per subject under `cs.<user>.<filter>`. */
    async countBySubject(filter = 'ops.>'): Promise<Record<string, number>> {
      const info = await jsm.streams.info(stream, { subjects_filter: `cs.${user}.${filter}` });
      return info.state.subjects ?? {};
    },
    async totalMessages(): Promise<number> {
      return (await jsm.streams.info(stream)).state.messages;
    },
    close: () => connection.close(),
  };
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
  what = 'the condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Until the device's runtime says it is connected. */
export function untilConnected(db: CountersignDatabase): Promise<true> {
  return waitFor(
    async () =>
      ((await db.syncState.get('status'))?.value as { phase?: string } | undefined)?.phase ===
        'connected' || undefined,
    10_000,
    'connected',
  );
}

/** A device's sync settings for one example journal (accounts.conf: the password is the user's name). */
export function exampleJournal(url: string, user: 'alice' | 'bob') {
  return { url, user, secret: { kind: 'password' as const, password: user }, enabled: true };
}

/** Alice's runtime on `url`, quick to retry and to notice a quiet feed, with `extra` options. */
export function startAliceRuntime(
  db: CountersignDatabase,
  url: string,
  extra: SyncRuntimeOptions,
): SyncRuntime {
  return startSyncRuntime(db, exampleJournal(url, 'alice'), {
    connect,
    policy: TEST_POLICY,
    transport: { requestTimeoutMs: 1_000, reconnectWaitMs: 100 },
    feed: { idleHeartbeatMs: 500 },
    ...extra,
  });
}

/**
 * A stand-in snapshot at `sequence` for the operator's compaction: `parts` opaque parts
 * and a manifest naming them, signed as devices sign them (the real writer is the
 * runtime's); `claims` when its manifest says it carries the decision claims up to S.
 * Returns its id.
 */
export async function publishStandInSnapshot(
  connection: NatsConnection,
  user: string,
  sequence: number,
  parts = 1,
  claims = false,
): Promise<string> {
  const subjects = syncSubjects(user);
  const snapshotId = `s${sequence}-standin${String(parts).padStart(4, '0')}`;
  const js = jetstream(connection, { timeout: 5_000 });
  for (let index = 0; index < parts; index++) {
    await js.publish(subjects.snapshotPart(snapshotId, index), `stand-in part ${index}`);
  }
  const manifest = {
    v: 1,
    snapshotId,
    sequence,
    partCount: parts,
    partsHash: '0'.repeat(64),
    ...(claims ? { claims: true } : {}),
  };
  const subject = subjects.snapshotManifest(snapshotId);
  const body = new TextEncoder().encode(JSON.stringify({ ...manifest, writer: 'x' }));
  const { signing } = await generateDeviceKeys();
  await js.publish(
    subject,
    await signMessage(subject, { deviceId: 'x', privateKey: signing.privateKey }, body),
  );
  return snapshotId;
}

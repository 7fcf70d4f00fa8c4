// @vitest-environment node
/**
 * The operator's compaction while a device's feed is behind the head (catching up, or
 * simply slower than the pushes): the feed must still deliver every operation above the
 * cut. On nats-server 2.9.10 a purge with a subject filter moves every consumer that is
 * behind the first message still matching the filter up to it, or to the end of the
 * stream when none is left: the job once purged progress reports and watermarks keeping
 * the newest, and old snapshots whole, so a lagging feed skipped everything in between
 * without a word (the two operations the 10 × 3 load test lost). Decision 0011.
 */
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactJournal } from '../../sync-server/compact.mjs';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import {
  journalOperation,
  messagesOf,
  publishStandInSnapshot,
  streamObserver,
  userTransport,
  waitFor,
  type TestTransport,
} from './sync-fixtures';
import { reportingDevice } from './reporting-device';

const RETENTION_MS = 1_000;
/** More than the feed's pull (256 messages), so the consumer is well behind the head. */
const BACKLOG = 600;
const subjects = syncSubjects('alice');

let server: NatsTestServer;
let pusher: TestTransport;
let follower: TestTransport;
let raw: NatsConnection;
let maintenance: NatsConnection;

async function push(operationId: string): Promise<number> {
  const [message] = messagesOf(journalOperation(operationId));
  const receipt = await pusher.publishOperation(message!.messageId, message!.data);
  return receipt.seq ?? 0;
}

beforeAll(async () => {
  server = await startNatsServer();
  pusher = userTransport(server.urls, 'alice');
  follower = userTransport(server.urls, 'alice');
  await pusher.connect();
  await pusher.ensureStream();
  await follower.connect();
  raw = await connect({ servers: server.urls, user: 'alice', pass: 'alice' });
  maintenance = await connect({
    servers: server.urls,
    user: 'alice-maintenance',
    pass: 'alice-maintenance',
  });
}, 30_000);

afterAll(async () => {
  await maintenance?.close();
  await raw?.close();
  await follower?.close();
  await pusher?.close();
  await server?.stop();
});

describe('compaction while a device is behind the head', () => {
  it('leaves every operation above the cut to a feed that had not reached it', async () => {
    const pushed = new Map<string, number>();
    for (let index = 0; index < 5; index++) pushed.set(`old-${index}`, await push(`old-${index}`));
    // A snapshot older than the base: removed whole (its subjects keep nothing).
    await publishStandInSnapshot(raw, 'alice', 2, 2);
    const base = pushed.get('old-4')!;
    await publishStandInSnapshot(raw, 'alice', base, 1);
    for (let index = 0; index < BACKLOG; index++)
      pushed.set(`backlog-${index}`, await push(`backlog-${index}`));
    const reporter = reportingDevice(raw, 'dev-a');
    // An older report of the same device: removed, keeping its newest.
    await reporter.report(base);
    await new Promise((resolve) => setTimeout(resolve, RETENTION_MS + 200));
    await reporter.report(base + BACKLOG);

    const delivered = new Set<string>();
    let lastSeq = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (first = resolve));
    const feed = follower.consume(
      1,
      async (message) => {
        delivered.add(message.subject);
        lastSeq = message.seq;
        first();
        await held;
      },
      // Quiet enough that no watchdog restarts the consumer while it is held.
      { idleHeartbeatMs: 5_000, stallAfterMs: 60_000 },
    );
    try {
      await started;
      const report = await compactJournal(maintenance, 'alice', { retentionMs: RETENTION_MS });
      expect(report.cut).toBe(base);
      release();
      const observer = await streamObserver(server.urls, 'alice');
      const head = (await observer.jsm.streams.info(subjects.stream)).state.last_seq;
      await observer.close();
      await waitFor(() => lastSeq >= head, 20_000, `the feed to reach ${head}`);
    } finally {
      release();
      await feed.stop();
    }
    const missing = [...pushed]
      .filter(([, seq]) => seq > base)
      .map(([operationId]) => subjects.operation(operationId))
      .filter((subject) => !delivered.has(subject));
    expect(missing).toEqual([]);
  }, 60_000);
});

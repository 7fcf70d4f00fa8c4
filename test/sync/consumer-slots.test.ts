// @vitest-environment node
/**
 * Issue 24: a device that fills the account's consumer slots. Subject permissions see a
 * request's subject, not its settings, and nats.js 3.4 creates every named consumer (the
 * app's ordered one, and a durable one alike) on `$JS.API.CONSUMER.CREATE.<stream>.<name>`
 * against a server of 2.9 or newer: sync-server/accounts.conf cannot refuse a durable
 * consumer without refusing the feed, which this pins on the real server
 * (docs/sync-server.md says what the operator does instead). Only the older
 * `$JS.API.CONSUMER.DURABLE.CREATE` subject is refused. With every slot taken, a new
 * device says in words that it cannot open its feed, never "Connected", and goes on once
 * the operator removes the stray consumers.
 */
import { AckPolicy, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../src/db/sync-connection';
import type { SyncRuntime } from '../../src/sync/runtime/sync-runtime';
import { syncSubjects } from '../../src/sync/transport/sync-subjects';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { createTestDatabase } from '../support/test-database';
import { startAliceRuntime, userTransport, waitFor } from './sync-fixtures';

const { stream } = syncSubjects('alice');
/** accounts.conf's `max_consumers` for alice's account. */
const SLOTS = 256;

let server: NatsTestServer;
let raw: NatsConnection;
let jsm: JetStreamManager;
let runtime: SyncRuntime | undefined;

beforeAll(async () => {
  server = await startNatsServer();
  try {
    const device = userTransport(server.urls, 'alice');
    await device.connect();
    await device.ensureStream();
    await device.close();
    raw = await connect({ servers: server.urls, user: 'alice', pass: 'alice' });
    jsm = await jetstreamManager(raw, { checkAPI: false, timeout: 5_000 });
  } catch (error) {
    await server.stop();
    throw error;
  }
});

afterAll(async () => {
  await runtime?.stop();
  await raw?.close();
  await server?.stop();
});

const squat = (name: string) =>
  jsm.consumers.add(stream, {
    durable_name: name,
    ack_policy: AckPolicy.None,
    inactive_threshold: 365 * 24 * 60 * 60 * 1e9,
  });

describe("the account's consumer slots", () => {
  it('cannot be kept from a device by permissions: a durable is created on the feed’s own subject', async () => {
    const created = await squat('squat-0');
    expect(created.config.durable_name).toBe('squat-0');
    for (const subject of [
      `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.legacy`,
      `$JS.API.CONSUMER.CREATE.${stream}.filtered.cs.alice.>`,
    ]) {
      await expect(raw.request(subject, '{}', { timeout: 2_000 })).rejects.toThrow(
        /Permissions Violation/,
      );
    }
  });

  it('once full, a new device says it cannot open its feed, and goes on once they are removed', async () => {
    let taken = 1;
    while (taken < SLOTS) await squat(`squat-${taken++}`);
    await expect(squat('one-more')).rejects.toThrow(/maximum consumers/);

    const db = createTestDatabase();
    runtime = startAliceRuntime(db, server.urls[0]!, {});
    const status = () =>
      db.syncState.get('status').then((row) => row?.value as SyncStatus | undefined);
    const stuck = await waitFor(
      async () => ((await status())?.errorKind === 'feed-stuck' ? status() : undefined),
      30_000,
      'the feed-stuck status',
    );
    expect(stuck).toMatchObject({ phase: 'error' });
    expect(stuck!.message).toMatch(/cannot be applied here .*maximum consumers limit reached/);

    // The operator's remedy: list the stray consumers and remove them.
    for (let index = 0; index < SLOTS; index++)
      await jsm.consumers.delete(stream, `squat-${index}`);
    await waitFor(
      async () => ((await status())?.phase === 'connected' ? true : undefined),
      30_000,
      'connected again',
    );
  });
});

// @vitest-environment node
/**
 * The repository's accounts and permissions (sync-server/accounts.conf) on a real
 * server: one person's devices cannot read another person's journal, and no device can
 * delete, purge or reconfigure a stream, not even its own person's.
 */
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import { journalOperation, messagesOf, userTransport, type TestTransport } from './sync-fixtures';

let server: NatsTestServer;
let alice: TestTransport;
let bob: TestTransport;
const raw: Record<'alice' | 'bob', { connection: NatsConnection; jsm: JetStreamManager }> =
  {} as never;

beforeAll(async () => {
  server = await startNatsServer();
  try {
    alice = userTransport(server.urls, 'alice');
    bob = userTransport(server.urls, 'bob');
    for (const transport of [alice, bob]) {
      await transport.connect();
      await transport.ensureStream();
    }
    const [message] = messagesOf(journalOperation('alice-secret'));
    await alice.publishOperation(message!.messageId, message!.data);
    for (const user of ['alice', 'bob'] as const) {
      const connection = await connect({ servers: server.urls, user, pass: user });
      raw[user] = {
        connection,
        jsm: await jetstreamManager(connection, { checkAPI: false, timeout: 2_000 }),
      };
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
});

afterAll(async () => {
  for (const user of ['alice', 'bob'] as const) await raw[user]?.connection.close();
  await alice?.close();
  await bob?.close();
  await server?.stop();
});

const denied = /Permissions Violation/;

describe("bob's account cannot read alice's journal", () => {
  it("cannot subscribe to alice's subjects", async () => {
    const subscription = raw.bob.connection.subscribe('cs.alice.>');
    await expect(subscription.closed).resolves.toMatchObject({
      message: expect.stringMatching(denied),
    });
  });

  it("cannot direct-get alice's messages or read her stream's info", async () => {
    await expect(
      raw.bob.jsm.direct.getMessage('CS_ALICE', { last_by_subj: 'cs.alice.ops.alice-secret' }),
    ).rejects.toThrow(denied);
    await expect(raw.bob.jsm.streams.info('CS_ALICE')).rejects.toThrow(denied);
  });

  it("gets nothing of alice's through the app's own transport either", async () => {
    const impostor = userTransport(server.urls, 'alice', {
      credentials: { user: 'bob', pass: 'bob' },
    });
    await impostor.connect();
    try {
      await expect(impostor.ensureStream()).rejects.toMatchObject({ kind: 'permission-denied' });
      await expect(impostor.didLand('alice-secret')).rejects.toMatchObject({
        kind: 'permission-denied',
      });
      const [message] = messagesOf(journalOperation('written-by-bob'));
      await expect(
        impostor.publishOperation(message!.messageId, message!.data),
      ).rejects.toMatchObject({
        kind: 'permission-denied',
        uncertain: false,
      });
    } finally {
      await impostor.close();
    }
    expect(await alice.didLand('written-by-bob')).toBe('not-landed');
  });
});

describe('no device can destroy a journal', () => {
  it.each([
    ['bob', 'CS_ALICE'],
    ['bob', 'CS_BOB'],
    ['alice', 'CS_ALICE'],
  ] as const)('%s cannot delete, purge or reconfigure %s', async (user, stream) => {
    const { jsm } = raw[user];
    await expect(jsm.streams.delete(stream)).rejects.toThrow(denied);
    await expect(jsm.streams.purge(stream)).rejects.toThrow(denied);
    await expect(jsm.streams.deleteMessage(stream, 1)).rejects.toThrow(denied);
    if (stream === `CS_${user.toUpperCase()}`) {
      await expect(jsm.streams.update(stream, { max_msgs_per_subject: 10 })).rejects.toThrow(
        denied,
      );
    }
  });

  it('cannot create any other stream', async () => {
    await expect(
      raw.alice.jsm.streams.add({ name: 'CS_EXTRA', subjects: ['cs.alice.extra.>'] }),
    ).rejects.toThrow(denied);
  });

  it("keeps alice's journal intact after all of that", async () => {
    expect(await alice.didLand('alice-secret')).toBe('landed');
  });
});

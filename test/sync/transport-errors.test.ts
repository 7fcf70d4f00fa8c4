// @vitest-environment node
/**
 * Each way a sync server can be wrong, on real servers, and the error the app gets:
 * a stable kind, whether retrying helps, and a message that says what to do.
 */
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueuePush, pushOne } from '../../src/sync/push/push-one';
import { freePorts, startNatsServer, type NatsTestServer } from '../support/nats-server';
import { journalOperation, pushRuntime, userTransport } from './sync-fixtures';

let server: NatsTestServer;
let withoutJetStream: NatsTestServer;

beforeAll(async () => {
  server = await startNatsServer();
  withoutJetStream = await startNatsServer({ jetstream: false }).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
});

afterAll(async () => {
  await server?.stop();
  await withoutJetStream?.stop();
});

describe('sync transport errors', () => {
  it('says the server is unreachable, and that it is worth retrying', async () => {
    const [closedPort] = await freePorts(1);
    const transport = userTransport(`nats://127.0.0.1:${closedPort}`, 'alice');
    await expect(transport.connect()).rejects.toMatchObject({
      name: 'SyncTransportError',
      kind: 'unreachable',
      retryable: true,
      message: expect.stringMatching(
        /cannot be reached \(while connecting to nats:\/\/127\.0\.0\.1/,
      ),
    });
  });

  it('says the credentials were refused, and that retrying will not help', async () => {
    const transport = userTransport(server.urls, 'alice', {
      credentials: { user: 'alice', pass: 'wrong' },
    });
    await expect(transport.connect()).rejects.toMatchObject({
      kind: 'auth-failed',
      retryable: false,
    });
  });

  it('says when the server has no JetStream, as retryable', async () => {
    const transport = userTransport(withoutJetStream.urls, 'alice');
    await transport.connect();
    try {
      await expect(transport.ensureStream()).rejects.toMatchObject({
        kind: 'jetstream-unavailable',
        retryable: true,
        message: expect.stringMatching(/does not offer JetStream/),
      });
    } finally {
      await transport.close();
    }
  });

  it('says the stream is missing when this device may not create it', async () => {
    const transport = userTransport(server.urls, 'alice', { createStream: false });
    await transport.connect();
    try {
      await expect(transport.ensureStream()).rejects.toMatchObject({ kind: 'stream-missing' });
    } finally {
      await transport.close();
    }
  });

  it('names the setting of a misconfigured stream', async () => {
    // Someone created bob's stream by hand, keeping five copies per subject.
    const connection = await connect({ servers: server.urls, user: 'bob', pass: 'bob' });
    const jsm = await jetstreamManager(connection, { checkAPI: false });
    await jsm.streams.add({ name: 'CS_BOB', subjects: ['cs.bob.>'], max_msgs_per_subject: 5 });
    await connection.close();

    const transport = userTransport(server.urls, 'bob');
    await transport.connect();
    try {
      await expect(transport.ensureStream()).rejects.toMatchObject({
        kind: 'stream-misconfigured',
        retryable: false,
        message: expect.stringMatching(/CS_BOB .*max_msgs_per_subject is 5, it must be 1/),
      });
    } finally {
      await transport.close();
    }
  });

  it('refuses a message over the server limit as certain, and the push fails rather than hangs', async () => {
    const transport = userTransport(server.urls, 'alice');
    await transport.connect();
    try {
      await transport.ensureStream();
      expect(transport.maxPayload).toBe(1024 * 1024);
      await expect(
        transport.publishOperation('too-large', new Uint8Array(2 * 1024 * 1024)),
      ).rejects.toMatchObject({ kind: 'message-too-large', uncertain: false });

      // An operation is split before it is sent; a single message over the limit fails for good.
      const operations = new Map([['too-large', journalOperation('too-large')]]);
      const deps = pushRuntime(transport, operations);
      deps.target = {
        push: async () => {
          try {
            await transport.publishOperation('too-large', new Uint8Array(2 * 1024 * 1024));
            return { status: 'applied' };
          } catch (error) {
            return { status: 'rejected', error: (error as Error).message, retryable: false };
          }
        },
      };
      await enqueuePush(deps, 'too-large', 1);
      expect(await pushOne(deps, 'too-large')).toMatchObject({
        state: 'failed',
        lastError: expect.stringMatching(
          /larger than the server accepts \(the server allows 1048576 bytes\)/,
        ),
      });
    } finally {
      await transport.close();
    }
  });

  it('refuses an operation id that would reach another subject, as certain', async () => {
    const transport = userTransport(server.urls, 'alice');
    await transport.connect();
    try {
      await expect(transport.publishOperation('x.>', new Uint8Array([1]))).rejects.toMatchObject({
        kind: 'rejected',
        uncertain: false,
        message: expect.stringMatching(/cannot be used in a sync subject/),
      });
    } finally {
      await transport.close();
    }
  });

  it('refuses to work before connect, in words', async () => {
    const transport = userTransport(server.urls, 'alice');
    await expect(transport.didLand('x')).rejects.toMatchObject({
      kind: 'disconnected',
      message: expect.stringMatching(/connect first/),
    });
  });
});

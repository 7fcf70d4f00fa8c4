// @vitest-environment node
/**
 * Wake requests against a real nats-server, in an encrypted journal: the bodies on the
 * wire are sealed (no task id readable), an answer comes back opened and parsed, and a
 * plain request, which anyone with the server's password could send, is refused in words.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startNatsServer, type NatsTestServer } from '../../../test/support/nats-server';
import { deriveJournalKey, newJournalSecret } from '../seal/journal-key';
import { keyRing, type KeyRing } from '../seal/key-ring';
import { answerWakeRequests, askToWake } from './wake-requests';

let server: NatsTestServer;
let asker: NatsConnection;
let agent: NatsConnection;
let ring: KeyRing;
const TASK_ID = 'task-safari-logout';

beforeAll(async () => {
  server = await startNatsServer();
  const options = { servers: server.urls[0]!, user: 'alice', pass: 'alice' };
  asker = await connect(options);
  agent = await connect(options);
  ring = keyRing([await deriveJournalKey(newJournalSecret())], []);
});

afterAll(async () => {
  await asker?.close();
  await agent?.close();
  await server?.stop();
});

it('seals both ways in an encrypted journal, and refuses a plain request', async () => {
  const heard: string[] = [];
  const refused: string[] = [];
  const wire: Uint8Array[] = [];
  const spy = asker.subscribe('cs-live.alice.wake', {
    callback: (_error, message) => void wire.push(message.data),
  });
  const answering = answerWakeRequests({
    connection: agent,
    user: 'alice',
    ring: () => Promise.resolve(ring),
    agent: 'home-server',
    handle: async ({ taskId }) => {
      heard.push(taskId);
      return { accepted: true, message: 'Asked the agent on home-server.' };
    },
    onRefused: (reason) => refused.push(reason),
  });
  await agent.flush();
  try {
    const answered = await askToWake({
      connection: asker,
      user: 'alice',
      ring,
      taskId: TASK_ID,
      deviceId: 'tablet-1',
    });
    expect(answered).toEqual({
      kind: 'answered',
      answer: {
        v: 1,
        accepted: true,
        agent: 'home-server',
        message: 'Asked the agent on home-server.',
      },
    });
    expect(heard).toEqual([TASK_ID]);
    expect(new TextDecoder().decode(wire[0])).not.toContain(TASK_ID);

    const plain = new TextEncoder().encode(JSON.stringify({ v: 1, taskId: 'other', from: 'x' }));
    const reply = await asker.request('cs-live.alice.wake', plain, { timeout: 5_000 });
    expect(heard).toEqual([TASK_ID]);
    expect(refused).toEqual(['The request could not be read, so nothing was woken.']);
    expect(reply.data.length).toBeGreaterThan(0);
  } finally {
    answering.stop();
    spy.unsubscribe();
  }
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deriveJournalKey, newJournalSecret } from '../seal/journal-key';
import { keyRing, type KeyRing } from '../seal/key-ring';
import { seal } from '../seal/seal';
import { syncSubjects } from '../transport/sync-subjects';
import type { SyncMessage, SyncTransport } from '../transport/sync-transport';
import { openingConsume, type OpeningKeys } from './opening-feed';
import { graceWait, STOPPED_FEED_GRACE_MS } from '../../../test/support/grace';

const subjects = syncSubjects('alice');
const text = (value: string) => new TextEncoder().encode(value);
const decoded = (messages: SyncMessage[]) =>
  messages.map((message) => new TextDecoder().decode(message.data));

/**
 * Feeds `messages` through the open step, one at a time as the feed does. `fetchable`:
 * the key the server hands this device when asked (undefined: none yet).
 */
function deliver(initial: KeyRing, messages: SyncMessage[]) {
  const state = {
    /** The ring in this device's key store; a test may change it behind the feed's back. */
    ring: initial,
    ringReads: 0,
    received: [] as SyncMessage[],
    waitingWords: [] as (string | undefined)[],
    fetches: 0,
    fetchable: undefined as KeyRing | undefined,
    done: false,
    /** Awaited before each message is delivered. */
    pause: undefined as Promise<void> | undefined,
  };
  const keys: OpeningKeys = {
    user: 'alice',
    subjects,
    ring: () => {
      state.ringReads += 1;
      return Promise.resolve(state.ring);
    },
    fetchKey(keyId) {
      state.fetches += 1;
      if (state.fetchable) state.ring = state.fetchable;
      return Promise.resolve(state.ring.generations.some((key) => key.keyId === keyId));
    },
    announce: () => Promise.resolve(),
    waiting: (words) => state.waitingWords.push(words),
    askAgainMs: 1,
  };
  const consume: SyncTransport['consume'] = (_fromSeq, onMessage) => {
    void (async () => {
      for (const message of messages) {
        await state.pause;
        await onMessage(message);
      }
      state.done = true;
    })();
    return { lastAcknowledgedSeq: 0, restarts: 0, stop: () => Promise.resolve() };
  };
  const feed = openingConsume(consume, keys)(1, async (message) => {
    state.received.push(message);
  });
  return { state, feed };
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
}

const operation = (seq: number, id: string, data: Uint8Array): SyncMessage => ({
  seq,
  subject: subjects.operation(id),
  kind: 'operation',
  data,
});

describe('the open step', () => {
  it('hands on sealed messages as their plaintext and plain ones as they are', async () => {
    const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
    const body = text('{"v":1,"title":"Plumber"}');
    const sealed = await seal(subjects.operation('op-1'), ring, body);
    const { state } = deliver(ring, [operation(1, 'op-1', sealed), operation(2, 'op-2', body)]);
    await until(() => state.done);
    expect(decoded(state.received)).toEqual([
      '{"v":1,"title":"Plumber"}',
      '{"v":1,"title":"Plumber"}',
    ]);
  });

  it('reads the key ring once for a run of messages it opens, not once a message', async () => {
    const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
    const messages = await Promise.all(
      Array.from({ length: 50 }, async (_, index) =>
        operation(
          index + 1,
          `op-${index}`,
          await seal(subjects.operation(`op-${index}`), ring, text(`{"v":${index}}`)),
        ),
      ),
    );
    const { state } = deliver(ring, messages);
    await until(() => state.done);
    expect(state.received).toHaveLength(50);
    expect(state.ringReads).toBe(1);
  });

  it('opens a message under a key that reached the key store after the ring was read', async () => {
    const first = await deriveJournalKey(newJournalSecret());
    const later = keyRing([await deriveJournalKey(newJournalSecret()), first]);
    const before = operation(
      1,
      'op-1',
      await seal(subjects.operation('op-1'), keyRing([first]), text('{"v":1}')),
    );
    const sealed = operation(
      2,
      'op-2',
      await seal(subjects.operation('op-2'), later, text('{"v":2}')),
    );
    let next = () => {};
    const { state } = deliver(keyRing([first]), [before, sealed]);
    state.pause = new Promise<void>((resolve) => (next = resolve));
    await until(() => state.received.length === 1);
    // Another tab encrypted with a new key meanwhile: the key store holds it now.
    state.ring = later;
    next();
    await until(() => state.done);
    expect(decoded(state.received)).toEqual(['{"v":1}', '{"v":2}']);
    expect(state.fetches).toBe(0);
  });

  it('fetches an announced key it lacks and goes on without stopping', async () => {
    const newer = keyRing([await deriveJournalKey(newJournalSecret())]);
    const older = await deriveJournalKey(newJournalSecret());
    const reader = keyRing([older], [newer.generations[0]!.keyId]);
    const sealed = await seal(subjects.operation('op-1'), newer, text('{"v":2}'));
    const { state } = deliver(reader, [operation(1, 'op-1', sealed)]);
    state.fetchable = keyRing([...newer.generations, older]);
    await until(() => state.done);
    expect(decoded(state.received)).toEqual(['{"v":2}']);
    expect(state.waitingWords.filter(Boolean)).toEqual([]);
  });

  it('waits at a message under an announced key, in words, never passing it, and resumes when the key arrives', async () => {
    const writer = keyRing([await deriveJournalKey(newJournalSecret())]);
    const reader = keyRing(
      [await deriveJournalKey(newJournalSecret())],
      [writer.generations[0]!.keyId],
    );
    const sealed = await seal(subjects.operation('op-2'), writer, text('{"v":2}'));
    const { state, feed } = deliver(reader, [
      operation(1, 'op-1', text('{"v":1}')),
      operation(2, 'op-2', sealed),
      operation(3, 'op-3', text('{"v":3}')),
    ]);
    await until(() => state.fetches >= 3);
    expect(decoded(state.received)).toEqual(['{"v":1}']);
    expect(state.waitingWords[0]).toMatch(/Waiting for this journal’s new key from another device/);
    state.fetchable = writer;
    await until(() => state.done);
    expect(decoded(state.received)).toEqual(['{"v":1}', '{"v":2}', '{"v":3}']);
    expect(state.waitingWords.at(-1)).toBeUndefined();
    await feed.stop();
  });

  it('stops waiting when the feed is stopped', async () => {
    const writer = keyRing([await deriveJournalKey(newJournalSecret())]);
    const reader = keyRing([], [writer.generations[0]!.keyId]);
    const sealed = await seal(subjects.operation('op-1'), writer, text('{"v":1}'));
    const { state, feed } = deliver(reader, [operation(1, 'op-1', sealed)]);
    await until(() => state.fetches >= 2);
    await feed.stop();
    const fetches = state.fetches;
    await graceWait(STOPPED_FEED_GRACE_MS);
    expect(state.fetches).toBeLessThanOrEqual(fetches + 1);
    expect(state.received).toEqual([]);
  });

  it('marks a tampered, moved or never-announced message unreadable with words, and goes on', async () => {
    const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
    const moved = await seal(subjects.operation('op-9'), ring, text('{"v":1}'));
    const foreign = await seal(
      subjects.operation('op-8'),
      keyRing([await deriveJournalKey(newJournalSecret())]),
      text('{"v":1}'),
    );
    const next = operation(3, 'op-3', text('{"v":1}'));
    const { state } = deliver(ring, [
      operation(1, 'op-1', moved),
      operation(2, 'op-2', foreign),
      next,
    ]);
    await until(() => state.done);
    expect(state.received.map((message) => message.unreadable)).toEqual([
      expect.stringMatching(/changed after it was sealed/),
      expect.stringMatching(/never used/),
      undefined,
    ]);
  });
});

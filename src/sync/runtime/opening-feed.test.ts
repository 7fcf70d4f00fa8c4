// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deriveJournalKey, newJournalSecret } from '../seal/journal-key';
import { keyRing, type KeyRing } from '../seal/key-ring';
import { seal } from '../seal/seal';
import { syncSubjects } from '../transport/sync-subjects';
import type { SyncMessage, SyncTransport } from '../transport/sync-transport';
import { openingConsume } from './opening-feed';

const subjects = syncSubjects('alice');
const text = (value: string) => new TextEncoder().encode(value);

/** Feeds `messages` through an opening consume; what the incoming side got, or why it stopped. */
async function deliver(ring: KeyRing, messages: SyncMessage[]) {
  const received: SyncMessage[] = [];
  let stoppedBy: string | undefined;
  let delivered: Promise<void> = Promise.resolve();
  const consume: SyncTransport['consume'] = (_fromSeq, onMessage) => {
    delivered = (async () => {
      for (const message of messages) {
        try {
          await onMessage(message);
        } catch (error) {
          stoppedBy = (error as Error).message;
          return;
        }
      }
    })();
    return { lastAcknowledgedSeq: 0, restarts: 0, stop: () => Promise.resolve() };
  };
  openingConsume(consume, { ring: () => Promise.resolve(ring), subjects })(1, async (message) => {
    received.push(message);
  });
  await delivered;
  return { received, stoppedBy };
}

const operation = (seq: number, id: string, data: Uint8Array): SyncMessage => ({
  seq,
  subject: subjects.operation(id),
  kind: 'operation',
  data,
});

describe('opening the feed', () => {
  it('hands on sealed messages as their plaintext and plain ones as they are', async () => {
    const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
    const body = text('{"v":1,"title":"Plumber"}');
    const sealed = await seal(subjects.operation('op-1'), ring, body);
    const { received } = await deliver(ring, [
      operation(1, 'op-1', sealed),
      operation(2, 'op-2', body),
    ]);
    expect(received.map((message) => new TextDecoder().decode(message.data))).toEqual([
      '{"v":1,"title":"Plumber"}',
      '{"v":1,"title":"Plumber"}',
    ]);
  });

  it('stops at a message under an announced key it lacks, never passing it', async () => {
    const writer = keyRing([await deriveJournalKey(newJournalSecret())]);
    const reader = keyRing(
      [await deriveJournalKey(newJournalSecret())],
      [writer.generations[0]!.keyId],
    );
    const sealed = await seal(subjects.operation('op-1'), writer, text('{"v":1}'));
    const after = operation(2, 'op-2', text('{"v":1}'));
    const { received, stoppedBy } = await deliver(reader, [operation(1, 'op-1', sealed), after]);
    expect(received).toEqual([]);
    expect(stoppedBy).toMatch(/Waiting for this journal’s new key/);
  });

  it('passes a tampered or foreign message on unopened, to be quarantined, and goes on', async () => {
    const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
    const moved = await seal(subjects.operation('op-9'), ring, text('{"v":1}'));
    const foreign = await seal(
      subjects.operation('op-8'),
      keyRing([await deriveJournalKey(newJournalSecret())]),
      text('{"v":1}'),
    );
    const next = operation(3, 'op-3', text('{"v":1}'));
    const { received, stoppedBy } = await deliver(ring, [
      operation(1, 'op-1', moved),
      operation(2, 'op-8', foreign),
      next,
    ]);
    expect(stoppedBy).toBeUndefined();
    expect(received.map((message) => message.data)).toEqual([moved, foreign, next.data]);
  });
});

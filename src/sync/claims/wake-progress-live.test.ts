// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deriveJournalKey, newJournalSecret } from '../seal/journal-key';
import { keyRing, NO_KEYS } from '../seal/key-ring';
import { seal } from '../seal/seal';
import type { LiveTransport } from '../transport/live-transport';
import { liveProgressChannel, readLiveProgress } from './wake-progress-live';

const SUBJECT = 'cs-live.alice.wake-progress';
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const note = { v: 1, deviceId: 'home-server', taskId: 'task-1', turn: 2, state: 'working' };

/** Core NATS as the channel sees it: what is published reaches every subscriber now. */
function fakeLive(): LiveTransport {
  const listeners = new Set<(subject: string, data: Uint8Array) => void>();
  return {
    publishLive: (subject, data) => listeners.forEach((listener) => listener(subject, data)),
    subscribeLive(_subject, onMessage) {
      listeners.add(onMessage);
      return () => listeners.delete(onMessage);
    },
  };
}

describe('a wake’s live progress', () => {
  it('reaches the other devices sealed, and not the device that sent it', async () => {
    const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
    const live = fakeLive();
    const channel = (deviceId: string) =>
      liveProgressChannel({
        live: async () => live,
        user: 'alice',
        deviceId: () => deviceId,
        ring: async () => ring,
      });
    const heard: unknown[] = [];
    const sent: Uint8Array[] = [];
    live.subscribeLive(SUBJECT, (_subject, data) => sent.push(data));
    channel('laptop').listen(
      (progress) => heard.push(progress),
      () => undefined,
    );
    const own: unknown[] = [];
    channel('home-server').listen(
      (progress) => own.push(progress),
      () => undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));

    await channel('home-server').publish({ taskId: 'task-1', turn: 2, state: 'working' });
    await expect.poll(() => heard).toEqual([note]);
    expect(own).toEqual([]);
    expect(new TextDecoder().decode(sent[0])).not.toContain('task-1');
  });

  it('refuses in words what does not open, is not sealed, or does not parse', async () => {
    const ring = keyRing([await deriveJournalKey(newJournalSecret())]);
    const otherRing = keyRing([await deriveJournalKey(newJournalSecret())]);
    const cases: [Uint8Array, RegExp][] = [
      [bytes(note), /not sealed with the journal’s key/],
      [await seal(SUBJECT, otherRing, bytes(note)), /does not open/],
      [await seal(SUBJECT, ring, new TextEncoder().encode('{not json')), /not JSON/],
      [await seal(SUBJECT, ring, bytes({ ...note, turn: -1 })), /turn is not as expected/],
      [await seal(SUBJECT, ring, bytes({ ...note, deviceId: 'a.b>' })), /deviceId/],
      [await seal(SUBJECT, ring, bytes({ ...note, script: '<img>' })), /not as expected/],
      [new Uint8Array(10_000), /more than a note/],
    ];
    for (const [data, words] of cases) {
      const read = await readLiveProgress(SUBJECT, ring, data);
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.words).toMatch(/^A progress message was refused: /);
      if (!read.ok) expect(read.words).toMatch(words);
    }
    // A plain journal reads plain notes; a sealed one under its key opens.
    expect(await readLiveProgress(SUBJECT, NO_KEYS, bytes(note))).toEqual({
      ok: true,
      progress: note,
    });
    expect(await readLiveProgress(SUBJECT, ring, await seal(SUBJECT, ring, bytes(note)))).toEqual({
      ok: true,
      progress: note,
    });
  });
});

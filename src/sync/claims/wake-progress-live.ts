/**
 * A wake's progress, live, to every device (decisions/0014): "the agent on home-server is
 * working on ‹task›: turn 2". A message on core NATS (`cs-live.<user>.wake-progress`),
 * outside the stream, stored nowhere: whoever listens now hears it. Sealed like the
 * journal's messages when the journal is encrypted (the task's id is inside the seal). What
 * arrives is untrusted: it must open under the journal's key and parse, else it is refused
 * in words. The holder repeats its last word with each lease renewal, so a listener drops a
 * wake it has not heard of for a lease (a crashed device).
 */
import { z } from 'zod';
import type { KeyRing } from '../seal/key-ring';
import { readSealedNote, sealNote } from './sealed-note';
import { syncSubjects } from '../transport/sync-subjects';
import type { LiveTransport } from '../transport/live-transport';

const liveProgressSchema = z
  .object({
    v: z.literal(1),
    deviceId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    taskId: z.string().min(1).max(128),
    turn: z.number().int().nonnegative().max(1_000),
    state: z.enum(['working', 'ended']),
  })
  .strict();
export type LiveProgress = z.infer<typeof liveProgressSchema>;

export type ReadProgress = { ok: true; progress: LiveProgress } | { ok: false; words: string };

export async function readLiveProgress(
  subject: string,
  ring: KeyRing,
  data: Uint8Array,
): Promise<ReadProgress> {
  const read = await readSealedNote(subject, ring, data, liveProgressSchema, 'A progress message');
  return read.ok ? { ok: true, progress: read.note } : read;
}

export interface LiveProgressChannel {
  /** Sends one note; a connection that is down drops it (progress is never queued). */
  publish(note: Omit<LiveProgress, 'v' | 'deviceId'>): Promise<void>;
  /** Every other device's notes, and the words of each refused message. */
  listen(
    onProgress: (progress: LiveProgress) => void,
    onRefused: (words: string) => void,
  ): () => void;
}

export function liveProgressChannel(options: {
  live: () => Promise<LiveTransport>;
  user: string;
  deviceId: () => string;
  ring: () => Promise<KeyRing>;
}): LiveProgressChannel {
  const subject = syncSubjects(options.user).wakeProgress;
  return {
    async publish(note) {
      const body: LiveProgress = { v: 1, deviceId: options.deviceId(), ...note };
      const sealed = await sealNote(subject, await options.ring(), body);
      (await options.live()).publishLive(subject, sealed);
    },
    listen(onProgress, onRefused) {
      let stopped = false;
      let unsubscribe: (() => void) | undefined;
      void options
        .live()
        .then((live) => {
          if (stopped) return;
          unsubscribe = live.subscribeLive(subject, (from, data) => {
            void options.ring().then(async (ring) => {
              const read = await readLiveProgress(from, ring, data);
              if (!read.ok) onRefused(read.words);
              else if (read.progress.deviceId !== options.deviceId()) onProgress(read.progress);
            });
          });
        })
        .catch(() => undefined);
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },
  };
}

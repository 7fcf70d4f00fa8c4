/**
 * One wake per trigger, across devices (decisions/0014): a wake claims its task on the
 * server before it reads anything. nats-server 2.9 keeps a subject's first message for
 * good and has no per-message expiry, so each claim attempt has its own subject,
 * `cs.<user>.claim.<task token>.<attempt>`, published only while empty (the first writer
 * of an attempt wins), and the newest attempt is read back with a wildcard last-by-subject
 * get. A claim says which device, the stream sequence it covers (every edit up to it is
 * this wake's), and whether the wake is working or done. A live claim's lease is judged
 * from the server's clocks: its stored time against the stored time of a message this
 * device publishes just to read the clock, never a device's own clock. A holder renews by
 * claiming the next attempt; a crashed holder's lease simply runs out. In an encrypted
 * journal the body is sealed and the task's id is a keyed token in the subject.
 */
import { z } from 'zod';
import { newestKey, type KeyRing } from '../seal/key-ring';
import { open, sealWhenKeyed } from '../seal/seal';
import { subjectToken } from '../seal/subject-token';
import { syncSubjects } from '../transport/sync-subjects';
import type { StampedMessage } from '../transport/sync-transport';
import { CLAIM_LEASE_MS } from './lease';

const claimSchema = z
  .object({
    v: z.literal(1),
    deviceId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    taskId: z.string().min(1).max(128),
    covers: z.number().int().nonnegative(),
    state: z.enum(['working', 'done']),
  })
  .strict();
type ClaimBody = z.infer<typeof claimSchema>;

export interface ClaimServer {
  publishNew(subject: string, data: Uint8Array): Promise<'stored' | 'taken'>;
  readLastStamped(subject: string): Promise<StampedMessage | undefined>;
}

export interface HeldClaim {
  readonly taskId: string;
  readonly covers: number;
  attempt: number;
}

export type Claimed =
  | { won: true; held: HeldClaim }
  /** Another wake has this trigger: working on it now, or done with it. */
  | { won: false; state: 'working' | 'done'; holder: string | undefined };

export interface TaskClaims {
  /** Claims the wake for every edit up to `trigger`; `covers` is what this wake will read. */
  claim(taskId: string, trigger: number, covers: number): Promise<Claimed>;
  /** Keeps the lease; false when another device took the task (the wake must stop). */
  renew(held: HeldClaim): Promise<boolean>;
  /** The wake ended: later edits may be claimed at once, by any device. */
  release(held: HeldClaim): Promise<void>;
  /** Whether the newest claim of `taskId` covers `trigger` (read only). */
  covered(taskId: string, trigger: number): Promise<boolean>;
  /**
   * Says on the next attempt that `taskId` is done up to `covers`, whoever held it last: a
   * marker no wake holds (the schedule's period, and each task woken for it). Best effort:
   * an attempt another device wrote at the same moment stands.
   */
  markDone(taskId: string, covers: number): Promise<void>;
}

interface Latest {
  attempt: number;
  serverMs: number;
  /** Undefined when it does not open or parse: a claim of unknown holder and coverage. */
  body?: ClaimBody;
}

export function taskClaims(options: {
  server: ClaimServer;
  user: string;
  deviceId: () => string;
  ring: () => Promise<KeyRing>;
  leaseMs?: number;
}): TaskClaims {
  const { server } = options;
  const subjects = syncSubjects(options.user);
  const lease = options.leaseMs ?? CLAIM_LEASE_MS;

  const tokenOf = async (ring: KeyRing, taskId: string) => {
    const newest = newestKey(ring);
    return newest ? subjectToken(newest, `claim/${taskId}`) : taskId;
  };

  const latest = async (ring: KeyRing, token: string): Promise<Latest | undefined> => {
    const stored = await server.readLastStamped(subjects.taskClaims(token));
    if (!stored) return undefined;
    const attempt = Number(stored.subject.split('.').at(-1));
    const opened = await open(stored.subject, ring, stored.data);
    let json: unknown;
    if (opened.outcome === 'opened' || opened.outcome === 'plain') {
      try {
        json = JSON.parse(new TextDecoder().decode(opened.plaintext));
      } catch {
        json = undefined;
      }
    }
    const parsed = claimSchema.safeParse(json);
    return {
      attempt,
      serverMs: stored.serverMs,
      ...(parsed.success ? { body: parsed.data } : {}),
    };
  };

  const serverNow = async (): Promise<number> => {
    const subject = subjects.clock(crypto.randomUUID());
    await server.publishNew(subject, new Uint8Array());
    const stamped = await server.readLastStamped(subject);
    if (!stamped) throw new Error('The server did not keep the clock message.');
    return stamped.serverMs;
  };

  const publish = async (held: HeldClaim, attempt: number, state: ClaimBody['state']) => {
    const ring = await options.ring();
    const subject = subjects.taskClaim(await tokenOf(ring, held.taskId), attempt);
    const body: ClaimBody = {
      v: 1,
      deviceId: options.deviceId(),
      taskId: held.taskId,
      covers: held.covers,
      state,
    };
    const sealed = await sealWhenKeyed(
      subject,
      ring,
      new TextEncoder().encode(JSON.stringify(body)),
    );
    return server.publishNew(subject, sealed);
  };

  const claimed = (last: Latest | undefined): Claimed => ({
    won: false,
    state: last?.body?.state ?? 'working',
    holder: last?.body?.deviceId,
  });

  return {
    async claim(taskId, trigger, covers) {
      const ring = await options.ring();
      const token = await tokenOf(ring, taskId);
      const last = await latest(ring, token);
      if (last?.body && last.body.covers >= trigger) return claimed(last);
      // Its own claim is from before a restart: this device runs one wake of a task at a time.
      const live =
        last && last.body?.state !== 'done' && last.body?.deviceId !== options.deviceId();
      if (live && (await serverNow()) - last.serverMs < lease) return claimed(last);
      const held: HeldClaim = { taskId, covers, attempt: (last?.attempt ?? 0) + 1 };
      if ((await publish(held, held.attempt, 'working')) === 'stored') return { won: true, held };
      return claimed(await latest(ring, token));
    },
    async renew(held) {
      if ((await publish(held, held.attempt + 1, 'working')) === 'taken') return false;
      held.attempt += 1;
      return true;
    },
    async release(held) {
      if ((await publish(held, held.attempt + 1, 'done')) === 'stored') held.attempt += 1;
    },
    async covered(taskId, trigger) {
      const ring = await options.ring();
      const last = await latest(ring, await tokenOf(ring, taskId));
      return last?.body !== undefined && last.body.covers >= trigger;
    },
    async markDone(taskId, covers) {
      const ring = await options.ring();
      const last = await latest(ring, await tokenOf(ring, taskId));
      const attempt = (last?.attempt ?? 0) + 1;
      await publish({ taskId, covers, attempt }, attempt, 'done');
    },
  };
}

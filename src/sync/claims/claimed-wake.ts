/**
 * A wake under its task's claim (decisions/0014): the one wrapper the agent device and the
 * app's tab share. The claim comes before the wake reads anything; while the wake runs it
 * is renewed every third of the lease, one renewal at a time; a renewal that finds the
 * next attempt taken (another device judged the lease expired) stops the wake, which ends
 * whole; and when the wake ends the claim is released, so the next edit is claimed at once.
 * Its progress goes live to every device (wake-progress-live.ts): each turn, again with each
 * renewal (so listeners know it is alive), and its end.
 */
import { keepClaim } from './keep-claim';
import { CLAIM_LEASE_MS } from './lease';
import type { HeldClaim, TaskClaims } from './task-claims';
import type { WakeOutcomeNote } from './wake-outcome';
import type { LiveProgressChannel } from './wake-progress-live';

/** What the wrapper reads of how a wake ended (the wake's own outcome has these fields). */
type Ended = Pick<WakeOutcomeNote, 'status' | 'proposed' | 'turns'> & { message?: string };

export type ClaimedWake<T> =
  | { started: true; result: T }
  /** Another device has this trigger: working on it now, or done with it. */
  | { started: false; why: 'held'; state: 'working' | 'done'; holder: string | undefined }
  /** The claim could not reach the sync server: nothing started. */
  | { started: false; why: 'unreachable'; error: unknown }
  /** Stopped between the claim and the wake (released at once). */
  | { started: false; why: 'stopped' };

export interface ClaimedWakeOptions {
  claims: TaskClaims;
  taskId: string;
  /** The newest stream sequence that edited the task: what the claim must cover. */
  trigger: number;
  /** What this wake will read: the claimer's cursor. */
  covers: number;
  leaseMs?: number;
  /** Aborted when this device stops: no wake starts after the claim. */
  signal?: AbortSignal;
  /** Another device took the task mid-wake; the wake's signal is aborted after this. */
  onLost?: () => void;
  /** Where the wake's progress is said, live; best effort (a note lost is not retried). */
  progress?: LiveProgressChannel;
  /** Publishes how the wake ended, for every device's Activity (wake-outcome.ts). */
  outcome?: (note: Omit<WakeOutcomeNote, 'v' | 'deviceId'>) => Promise<void>;
}

export async function wakeUnderClaim<T extends Ended>(
  options: ClaimedWakeOptions,
  wake: (signal: AbortSignal, turn: (turn: number) => void) => Promise<T>,
): Promise<ClaimedWake<T>> {
  const { claims, taskId } = options;
  let lastTurn = 0;
  const say = (state: 'working' | 'ended') =>
    options.progress?.publish({ taskId, turn: lastTurn, state }).catch(() => undefined);
  let held: HeldClaim;
  try {
    const claimed = await claims.claim(taskId, options.trigger, options.covers);
    if (!claimed.won)
      return { started: false, why: 'held', state: claimed.state, holder: claimed.holder };
    held = claimed.held;
  } catch (error) {
    return { started: false, why: 'unreachable', error };
  }
  const release = () => claims.release(held).catch(() => undefined);
  if (options.signal?.aborted) {
    await release();
    return { started: false, why: 'stopped' };
  }
  void say('working');
  let ended: T | undefined;
  const publishOutcome = ({ status, proposed, turns, message }: Ended) =>
    options
      .outcome?.({
        taskId,
        status,
        proposed,
        turns,
        ...(message ? { message: message.slice(0, 600) } : {}),
      })
      .catch(() => undefined);
  const lost = new AbortController();
  const kept = keepClaim(claims, held, options.leaseMs ?? CLAIM_LEASE_MS, {
    renewed: () => void say('working'),
    lost: () => {
      options.onLost?.();
      lost.abort();
    },
  });
  try {
    const signals = options.signal ? [options.signal, lost.signal] : [lost.signal];
    const turn = (next: number) => {
      if (next === lastTurn) return;
      lastTurn = next;
      void say('working');
    };
    const result = await wake(AbortSignal.any(signals), turn);
    ended = result;
    return { started: true, result };
  } finally {
    await kept.stop();
    await release();
    await say('ended');
    if (ended) await publishOutcome(ended);
  }
}

/** Why a wake did not start, in the words every device uses. */
export function notStartedWords(state: 'working' | 'done', holderName: string | undefined): string {
  const holder = holderName ? `The agent on ${holderName}` : 'The agent on another device';
  return state === 'working'
    ? `${holder} is working on this.`
    : `${holder} already woke on this edit.`;
}

/**
 * Automatic wakes on the agent device: the app's own scheduler (one per task, the same
 * settle time and rules as an open task page) fed by what arrives from other devices,
 * and the app's own wake, one at a time. A task is "settled" once its pending edits were
 * decided (dropped, or woken on and the wake ended): the device is idle when every task
 * is, which is when its stored sequence may move on (agent-device.ts).
 */
import { AutoWakeScheduler } from '../agent/auto-wake-scheduler';
import { wakeWithDeviceSettings } from '../agent/wake-with-device-settings';
import type { WakeOutcome } from '../agent/run-wake';
import type { CountersignDatabase } from '../db/database';
import { countOf } from '../lib/count-of';
import { readAutoWakeWatch } from '../db/queries/agent';
import { readCursor } from '../sync/incoming/apply-incoming';
import type { TaskClaims } from '../sync/claims/task-claims';
import { notStartedWords, wakeUnderClaim } from '../sync/claims/claimed-wake';
import type { LiveProgressChannel } from '../sync/claims/wake-progress-live';
import type { ClaimsConnection } from '../sync/claims/claims-connection';
import { readDeviceName } from '../db/queries/device-name';
import type { AppliedUnit } from './applied-units';
import type { DeviceLog } from './device-log';
import { DEFAULT_THROTTLE, WakeThrottle, type ThrottleLimits } from './wake-throttle';

export interface WakeLoopOptions {
  db: CountersignDatabase;
  quietMs: number;
  log: DeviceLog;
  /** Edits at or below this sequence were considered before a restart. */
  considered: number;
  /** For tests: the provider's HTTP client (a scripted model). */
  fetch?: typeof fetch;
  /** Claims each wake's task on the server first (task-claims.ts). */
  claims: TaskClaims;
  /** Where each wake's progress is said, live, to every device. */
  progress?: LiveProgressChannel;
  /** Publishes how each wake ended, for every device's Activity. */
  outcome?: ClaimsConnection['outcome'];
  leaseMs?: number;
  /** How often it may wake (wake-throttle.ts); DEFAULT_THROTTLE when absent. */
  throttle?: ThrottleLimits;
}

/**
 * How a wake asked for by `wakeNow` ended: woken (whole, whatever it proposed or however it
 * failed), held (another device's working claim), or not run (the server could not be
 * reached, or the device stopped it).
 */
export type ForcedEnd = 'woken' | 'held' | 'not-run';

export interface WakeLoop {
  applied(unit: AppliedUnit): void;
  /**
   * Wakes these tasks whatever a past wake covered (the schedule, a person's request),
   * each still claimed first: none while another device works on it. `ended` hears how
   * each ended (a task woken for an edit at that moment ends with that wake).
   */
  wakeNow(
    taskIds: readonly string[],
    why: 'scheduled' | 'requested',
    ended?: (taskId: string, end: ForcedEnd) => void,
  ): void;
  idle(): boolean;
  /** Abandons a wake in progress (nothing half-written: runWake ends every wake whole). */
  stop(): Promise<void>;
}

export function startWakeLoop(options: WakeLoopOptions): WakeLoop {
  const { db, log } = options;
  const schedulers = new Map<string, AutoWakeScheduler>();
  /** Operation ids of triggers not yet seen by their task's scheduler. */
  const triggers = new Set<string>();
  const editing = new Set<string>();
  /** The newest stream sequence that edited each task: the trigger a claim must cover. */
  const triggerSeq = new Map<string, number>();
  /** Tasks to wake for the schedule or a request, not for an edit. */
  const forced = new Map<string, 'scheduled' | 'requested'>();
  const waiting = new Map<string, ((end: ForcedEnd) => void)[]>();
  const settle = (taskId: string, end: ForcedEnd) => {
    const waiters = waiting.get(taskId) ?? [];
    waiting.delete(taskId);
    for (const waiter of waiters) waiter(end);
  };
  const queue = new WakeThrottle(options.throttle ?? DEFAULT_THROTTLE);
  let waitTimer: ReturnType<typeof setTimeout> | undefined;
  let running: { taskId: string; done: Promise<void> } | undefined;
  const abort = new AbortController();
  let stopped = false;

  const quieted = (taskId: string) => void editing.delete(taskId);

  const missing = new Set<string>();
  const observe = async (taskId: string) => {
    const watch = await readAutoWakeWatch(db, taskId, '');
    if (stopped) return;
    if (!watch) {
      // An edit of a task this device does not hold: deleted, or a sample task (each device
      // seeds its own, and they never travel). Said once, not silently dropped.
      if (!missing.has(taskId)) {
        missing.add(taskId);
        log.info('wake-skipped', {
          taskId,
          reason: 'task-not-here',
          message:
            'An edit arrived for a task this agent device does not hold (deleted, or one of the sample tasks, which every device keeps for itself), so it does not wake on it.',
        });
      }
      return quieted(taskId);
    }
    let scheduler = schedulers.get(taskId);
    if (!scheduler) {
      const created = new AutoWakeScheduler({
        taskId,
        debounceMs: options.quietMs,
        isVisible: () => true,
        wake: (id) => enqueue(id),
        onDecision: (decision) => {
          if (decision.action === 'drop') {
            log.info('wake-skipped', { taskId, reason: decision.reason });
            quieted(taskId);
          }
        },
      });
      schedulers.set(taskId, created);
      scheduler = created;
      // Its baseline: what this task held before the first trigger is not an edit.
      scheduler.observe(
        { ...watch, operations: watch.operations.filter((op) => !triggers.has(op.operationId)) },
        false,
      );
    }
    const fresh = watch.operations.some((operation) => triggers.has(operation.operationId));
    for (const operation of watch.operations) triggers.delete(operation.operationId);
    scheduler.observe(watch, running?.taskId === taskId);
    // Rows of this task filed under another task's operation (a caught-up group) are that
    // task's trigger: nothing waits here.
    if (!fresh) return quieted(taskId);
    if (!watch.enabled || !watch.configured || !watch.categoryAllowed) {
      log.info('wake-skipped', {
        taskId,
        reason: watch.categoryAllowed ? 'not-configured' : 'category-not-allowed',
      });
      quieted(taskId);
    }
  };

  const enqueue = (taskId: string) => {
    if (running?.taskId !== taskId) queue.request(taskId);
    // A task asked for now may start before the one the timer waits for.
    clearTimeout(waitTimer);
    waitTimer = undefined;
    void next();
  };
  let lastQueued = '';

  const next = async () => {
    if (running || stopped || waitTimer) return;
    const answer = queue.take();
    if (answer.kind === 'empty') return;
    if (answer.kind === 'wait') {
      const limits = options.throttle ?? DEFAULT_THROTTLE;
      if (`${answer.taskId}${answer.reason}${queue.size}` !== lastQueued)
        log.info('wake-queued', {
          taskId: answer.taskId,
          reason: answer.reason,
          waitMs: answer.waitMs,
          queued: queue.size,
          message:
            answer.reason === 'rate'
              ? `${countOf(queue.size, 'wake')} waiting: at most ${limits.perMinute} a minute.`
              : `This task woke less than ${limits.taskEveryMs / 1000} s ago; its next wake waits until then.`,
        });
      lastQueued = `${answer.taskId}${answer.reason}${queue.size}`;
      waitTimer = setTimeout(() => {
        waitTimer = undefined;
        void next();
      }, answer.waitMs);
      return;
    }
    const { taskId } = answer;
    const done = wakeOnce(taskId).then(
      (end) => settle(taskId, end),
      () => settle(taskId, 'not-run'),
    );
    running = { taskId, done };
    await done;
    running = undefined;
    if (stopped) return;
    // Decided again after the wake: its own writes are dropped, later edits wake again.
    await observe(taskId);
    quieted(taskId);
    void next();
  };

  const wakeOnce = async (taskId: string): Promise<ForcedEnd> => {
    const why = forced.get(taskId);
    forced.delete(taskId);
    const started = Date.now();
    // Claimed before the wake reads anything: one wake per trigger across devices.
    const claimed = await wakeUnderClaim(
      {
        claims: options.claims,
        progress: options.progress,
        ...(options.outcome ? { outcome: options.outcome } : {}),
        taskId,
        // A scheduled or requested wake is not for an edit: whatever a past wake covered.
        trigger: why ? Number.MAX_SAFE_INTEGER : (triggerSeq.get(taskId) ?? 0),
        covers: await readCursor(db),
        signal: abort.signal,
        ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
        onLost: () =>
          log.error('claim-lost', {
            taskId,
            message: 'Another device took this task; the wake stops.',
          }),
      },
      (signal, turn) => {
        log.info('wake-started', { taskId, ...(why ? { why } : {}) });
        return wakeWithDeviceSettings(
          db,
          { taskId, reason: why === 'requested' ? 'manual' : 'automatic' },
          {
            signal,
            ...(options.fetch ? { fetch: options.fetch } : {}),
            onProgress: (progress) => {
              // Its wake row exists now: edits from here on are after what this wake reads.
              if (progress.type === 'started') void observe(taskId).catch(() => undefined);
              if (progress.type === 'thinking') turn(progress.turn);
            },
          },
        );
      },
    );
    if (claimed.started) {
      logEnded(taskId, claimed.result, Date.now() - started);
      return claimed.result.status === 'cancelled' ? 'not-run' : 'woken';
    }
    if (claimed.why === 'held') {
      log.info('wake-not-started', {
        taskId,
        holder: claimed.holder,
        message: notStartedWords(claimed.state, await readDeviceName(db, claimed.holder)),
      });
    } else if (claimed.why === 'unreachable') {
      log.error('wake-not-started', {
        taskId,
        message: `The task could not be claimed on the sync server, so the agent did not wake (${String(claimed.error)}). The next edit tries again.`,
      });
    }
    return claimed.why === 'held' ? 'held' : 'not-run';
  };

  const logEnded = (taskId: string, outcome: WakeOutcome, ms: number) =>
    log.info('wake-ended', {
      taskId,
      status: outcome.status,
      proposed: outcome.proposed,
      turns: outcome.turns,
      ms,
      // Its memory in the log: a leak shows in journald long before the machine notices.
      heapMb: Math.round(process.memoryUsage().heapUsed / 1_048_576),
      ...(outcome.message ? { message: outcome.message } : {}),
    });

  /**
   * A scheduler remembers every operation it took in; one per task ever edited would grow
   * with every wake. A settled one goes: the next trigger's new one takes the task as it is
   * then as its baseline, less the triggers, exactly as the first one did.
   */
  const forgetSettled = () => {
    for (const [taskId, scheduler] of schedulers)
      if (running?.taskId !== taskId && !editing.has(taskId) && scheduler.settled()) {
        scheduler.dispose();
        schedulers.delete(taskId);
      }
  };

  return {
    applied(unit) {
      // A unit ends at its batch's last message, which may come after the stored sequence
      // while every operation it applied came before: its operations' sequences decide.
      if (stopped || !unit.sequences.some((seq) => seq > options.considered)) return;
      forgetSettled();
      for (const id of unit.operationIds) triggers.add(id);
      const newest = Math.max(...unit.sequences);
      for (const taskId of unit.taskIds) {
        triggerSeq.set(taskId, Math.max(triggerSeq.get(taskId) ?? 0, newest));
        editing.add(taskId);
        void observe(taskId).catch((error: unknown) => {
          log.error('watch-failed', { taskId, message: String(error) });
          quieted(taskId);
        });
      }
    },
    wakeNow(taskIds, why, ended) {
      for (const taskId of taskIds) {
        if (stopped) {
          ended?.(taskId, 'not-run');
          continue;
        }
        if (ended)
          waiting.set(taskId, [...(waiting.get(taskId) ?? []), (end) => ended(taskId, end)]);
        // A wake of this task running now reads the journal as it is: it is this one.
        if (running?.taskId === taskId) continue;
        forced.set(taskId, why);
        enqueue(taskId);
      }
    },
    idle: () => editing.size === 0 && !running && queue.size === 0,
    async stop() {
      stopped = true;
      clearTimeout(waitTimer);
      for (const scheduler of schedulers.values()) scheduler.dispose();
      abort.abort();
      await running?.done.catch(() => undefined);
      for (const taskId of [...waiting.keys()]) settle(taskId, 'not-run');
    },
  };
}

/**
 * The person's schedule on the agent device ("review my open tasks every day at 7",
 * journal data on the agent's row, domain/agent-schedule.ts). Each look asks which period
 * is due by the person's clock and zone. A due period is claimed on the server as a task
 * is (task-claims.ts, under the id `schedule-<local date>`), and the claim is a lease held
 * while the period's wakes run, renewed, and marked done when they have all ended. Each
 * task woken for the period is marked done for it too (`schedule-<local date>-<task id>`).
 * A holder that crashes stops renewing; once its lease has run out by the server's clock,
 * another agent device, or the same one after a restart, takes the period over and wakes
 * only the tasks not yet marked: the period's review happens once, whole. Only the newest
 * due period fires: a device that was down over several mornings fires once when it comes
 * back, and says how late. The wakes go one at a time (the wake loop's queue), at most
 * SCHEDULED_WAKES_MAX of them.
 */
import { readPolicyVerdict, readDefaultAgent } from '../db/agent-config';
import { readProviderSettings } from '../db/agent-settings';
import type { CountersignDatabase } from '../db/database';
import { duePeriod } from '../domain/agent-schedule';
import { countOf } from '../lib/count-of';
import { keepClaim } from '../sync/claims/keep-claim';
import { CLAIM_LEASE_MS } from '../sync/claims/lease';
import type { HeldClaim, TaskClaims } from '../sync/claims/task-claims';
import type { DeviceLog } from './device-log';
import type { ForcedEnd, WakeLoop } from './wake-loop';

/** A flood guard: a journal with more open tasks wakes the first ones by priority. */
const SCHEDULED_WAKES_MAX = 50;
/** How soon a period another device is running is asked about again (it may crash). */
const RECHECK_MS = 5_000;

export interface ScheduleLoopOptions {
  db: CountersignDatabase;
  log: DeviceLog;
  claims: TaskClaims;
  loop: Pick<WakeLoop, 'wakeNow'>;
  /** The clock the schedule is read by (injectable for tests). */
  now: () => Date;
  /** Whether this device has applied the whole journal (asked only when a period is due). */
  caughtUp: () => Promise<boolean>;
  /** How long the period's claim holds without renewal (task-claims.ts). */
  leaseMs?: number;
}

export interface ScheduleLoop {
  /** Fires or resumes the due period unless it is done. Never throws: a failure waits for the next look. */
  look(): Promise<void>;
  /** Starts no further wake of the period; its claim is left to run out (another device resumes it). */
  stop(): Promise<void>;
}

const periodClaim = (period: string) => `schedule-${period}`;
const taskMark = (period: string, taskId: string) => `schedule-${period}-${taskId}`;

export function startScheduleLoop(options: ScheduleLoopOptions): ScheduleLoop {
  const { db, log, claims } = options;
  const leaseMs = options.leaseMs ?? CLAIM_LEASE_MS;
  /** The period this device found done: not asked about again. */
  let decided: string | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  /** A period another device runs is asked about again after this (this process's clock). */
  let quietUntil = 0;
  let saidRunning = '';

  /** Ends early when the device stops. */
  let interrupt: () => void = () => undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      interrupt = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const wake = (taskId: string) =>
    new Promise<ForcedEnd>((resolve) =>
      options.loop.wakeNow([taskId], 'scheduled', (_, end) => resolve(end)),
    );

  /** The tasks not yet marked woken for the period. */
  const unmarked = async (period: string, taskIds: readonly string[]) => {
    const left = [];
    for (const taskId of taskIds)
      if (!(await claims.covered(taskMark(period, taskId), 1))) left.push(taskId);
    return left;
  };

  /** Wakes the period's tasks not yet marked; true when every one has ended. */
  const run = async (period: string, dueAt: Date, held: HeldClaim) => {
    const allowed = await openAllowedTasks(db);
    const chosen = allowed.slice(0, SCHEDULED_WAKES_MAX);
    let left = await unmarked(period, chosen);
    const resumed = held.attempt > 1;
    const waking = `waking ${countOf(left.length, 'open task')} the agent may act on`;
    log.info(resumed ? 'schedule-resumed' : 'schedule-fired', {
      period,
      dueAt: dueAt.toISOString(),
      lateMs: options.now().getTime() - dueAt.getTime(),
      tasks: left.length,
      message: resumed
        ? `Resuming the scheduled review of ${period}, which stopped before it ended: ${waking} not yet woken for it.`
        : `Scheduled review of ${period}: ${waking}${allowed.length > SCHEDULED_WAKES_MAX ? `, the first ${SCHEDULED_WAKES_MAX} by priority` : ''}.`,
    });
    let lost = false;
    const kept = keepClaim(claims, held, leaseMs, {
      lost: () => {
        lost = true;
        log.error('schedule-lost', {
          period,
          message: `Another device took over the scheduled review of ${period} (this one was not heard from in time); it wakes no more tasks for it.`,
        });
      },
    });
    try {
      while (left.length > 0) {
        const busy = [];
        for (const taskId of left) {
          if (lost || stopped) return false;
          const end = await wake(taskId);
          // Not run: the server or the device stopped it; the period stays open for a resume.
          if (end === 'not-run') return false;
          // Held by another device's wake (or a crashed one's lease): asked again shortly.
          if (end === 'held') busy.push(taskId);
          else await markWoken(period, taskId);
        }
        if (busy.length === 0) break;
        await pause(Math.min(RECHECK_MS, leaseMs / 3));
        // The device that held one may have finished it for this period meanwhile.
        left = await unmarked(period, busy);
      }
    } finally {
      await kept.stop();
    }
    if (lost || stopped) return false;
    await claims.markDone(periodClaim(period), 1);
    return true;
  };

  /** Marked once what the wake wrote has reached the server (a crash before then wakes it again). */
  const markWoken = async (period: string, taskId: string) => {
    while ((await db.outbox.count()) > 0 && !stopped) await pause(200);
    if (!stopped) await claims.markDone(taskMark(period, taskId), 1);
  };

  const start = async (period: string, dueAt: Date) => {
    const claimed = await claims.claim(periodClaim(period), 1, 0);
    if (!claimed.won) {
      const by = claimed.holder ? `the agent on ${claimed.holder.slice(0, 8)}` : 'another device';
      if (claimed.state === 'done') {
        decided = period;
        log.info('schedule-already-fired', {
          period,
          holder: claimed.holder,
          message: `The scheduled review of ${period} was already done by ${by}.`,
        });
        return;
      }
      quietUntil = Date.now() + RECHECK_MS;
      if (saidRunning !== period)
        log.info('schedule-running-elsewhere', {
          period,
          holder: claimed.holder,
          message: `The scheduled review of ${period} is being run by ${by}; this device takes it over if that one stops.`,
        });
      saidRunning = period;
      return;
    }
    running = run(period, dueAt, claimed.held)
      .then((ended) => {
        if (!ended)
          return log.info('schedule-unfinished', {
            period,
            message: `The scheduled review of ${period} stopped before it ended (the sync server could not be reached, or the device is stopping); the tasks not yet woken for it are woken when it resumes.`,
          });
        decided = period;
        log.info('schedule-done', { period, message: `The scheduled review of ${period} ended.` });
      })
      .catch((error: unknown) => {
        log.error('schedule-failed', {
          period,
          message: `The scheduled review of ${period} stopped (${String(error)}); it resumes shortly.`,
        });
      })
      .finally(() => {
        running = undefined;
        quietUntil = Date.now() + RECHECK_MS;
      });
  };

  return {
    async look() {
      if (running || stopped || Date.now() < quietUntil) return;
      try {
        const schedule = (await readDefaultAgent(db))?.schedule;
        const due = schedule ? duePeriod(schedule, options.now()) : undefined;
        if (!due || due.period === decided) return;
        if (!(await readProviderSettings(db)) || !(await options.caughtUp())) return;
        await start(due.period, due.at);
      } catch (error) {
        quietUntil = Date.now() + RECHECK_MS;
        log.error('schedule-failed', {
          message: `The scheduled review could not start (${String(error)}); it tries again shortly.`,
        });
      }
    },
    async stop() {
      stopped = true;
      interrupt();
      await running;
    },
  };
}

/** Open tasks (not done, not rejected, not deleted) the policy lets the agent act on, by priority. */
async function openAllowedTasks(db: CountersignDatabase): Promise<string[]> {
  const open = await db.tasks
    .filter((task) => task.deletedAt === undefined && !['DONE', 'REJECTED'].includes(task.status))
    .toArray();
  const allowed = [];
  for (const task of open.sort((a, b) => a.priority.localeCompare(b.priority)))
    if ((await readPolicyVerdict(db, task.id)).allowed) allowed.push(task.id);
  return allowed;
}

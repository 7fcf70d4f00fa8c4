/**
 * The person's schedule on the agent device ("review my open tasks every day at 7",
 * journal data on the agent's row, domain/agent-schedule.ts). Each look asks which period
 * is due by the person's clock and zone; a due period is claimed on the server first, as a
 * task is (task-claims.ts, under the id `schedule-<local date>`), so across restarts and
 * across agent devices a period fires once. Only the newest due period fires: a device
 * that was down over several mornings fires once when it comes back, and says how late.
 * Firing wakes the open tasks the policy allows, one at a time (the wake loop's queue),
 * at most SCHEDULED_WAKES_MAX of them.
 */
import { readPolicyVerdict, readDefaultAgent } from '../db/agent-config';
import { readProviderSettings } from '../db/agent-settings';
import type { CountersignDatabase } from '../db/database';
import { duePeriod } from '../domain/agent-schedule';
import type { TaskClaims } from '../sync/claims/task-claims';
import type { DeviceLog } from './device-log';
import type { WakeLoop } from './wake-loop';

/** A flood guard: a journal with more open tasks wakes the first ones by priority. */
const SCHEDULED_WAKES_MAX = 50;

export interface ScheduleLoopOptions {
  db: CountersignDatabase;
  log: DeviceLog;
  claims: TaskClaims;
  loop: Pick<WakeLoop, 'wakeNow'>;
  /** The clock the schedule is read by (injectable for tests). */
  now: () => Date;
  /** Whether this device has applied the whole journal (asked only when a period is due). */
  caughtUp: () => Promise<boolean>;
}

export interface ScheduleLoop {
  /** Fires the due period if no device fired it yet. Never throws: a failure waits for the next look. */
  look(): Promise<void>;
}

export function startScheduleLoop(options: ScheduleLoopOptions): ScheduleLoop {
  const { db, log } = options;
  /** The period this device last decided (fired, or found fired): not claimed again. */
  let decided: string | undefined;

  const fire = async (period: string, dueAt: Date) => {
    const claimed = await options.claims.claim(`schedule-${period}`, 1, 1);
    decided = period;
    if (!claimed.won) {
      log.info('schedule-already-fired', {
        period,
        holder: claimed.holder,
        message: `The scheduled review of ${period} was already started by ${claimed.holder ? `the agent on ${claimed.holder.slice(0, 8)}` : 'another device'}.`,
      });
      return;
    }
    const taskIds = await openAllowedTasks(db);
    await options.claims.release(claimed.held).catch(() => undefined);
    const late = options.now().getTime() - dueAt.getTime();
    log.info('schedule-fired', {
      period,
      dueAt: dueAt.toISOString(),
      lateMs: late,
      tasks: Math.min(taskIds.length, SCHEDULED_WAKES_MAX),
      message: `Scheduled review of ${period}: waking ${taskIds.length} open task${taskIds.length === 1 ? '' : 's'} the agent may act on${taskIds.length > SCHEDULED_WAKES_MAX ? `, the first ${SCHEDULED_WAKES_MAX} by priority` : ''}.`,
    });
    options.loop.wakeNow(taskIds.slice(0, SCHEDULED_WAKES_MAX), 'scheduled');
  };

  return {
    async look() {
      try {
        const schedule = (await readDefaultAgent(db))?.schedule;
        const due = schedule ? duePeriod(schedule, options.now()) : undefined;
        if (!due || due.period === decided) return;
        if (!(await readProviderSettings(db)) || !(await options.caughtUp())) return;
        await fire(due.period, due.at);
      } catch (error) {
        log.error('schedule-failed', {
          message: `The scheduled review could not start (${String(error)}); it tries again shortly.`,
        });
      }
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

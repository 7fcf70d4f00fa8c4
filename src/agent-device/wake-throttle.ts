/**
 * How often the agent device may wake: per task (at most one wake of a task every
 * `taskEveryMs`, so a flood of edits that keeps pausing just past the settle time makes one
 * wake, not one per pause) and overall (at most `perMinute` wakes in any minute, so a
 * script editing many tasks cannot run up the model's bill). A wake asked for too soon
 * waits in line, once per task however often it is asked for; nothing is ever dropped.
 * The clock is injected so the limits are tested without waiting.
 */
export interface ThrottleLimits {
  taskEveryMs: number;
  perMinute: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { taskEveryMs: 30_000, perMinute: 10 };

const MINUTE_MS = 60_000;

export type ThrottleAnswer =
  | { kind: 'start'; taskId: string }
  | { kind: 'wait'; waitMs: number; reason: 'task' | 'rate'; taskId: string }
  | { kind: 'empty' };

export class WakeThrottle {
  /** Tasks asked for, oldest first, each once. */
  private readonly waiting: string[] = [];
  private readonly lastStart = new Map<string, number>();
  /** Start times within the last minute, oldest first. */
  private readonly starts: number[] = [];

  constructor(
    private readonly limits: ThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Asks for a wake of the task; asking again while it waits changes nothing. */
  request(taskId: string): void {
    if (!this.waiting.includes(taskId)) this.waiting.push(taskId);
  }

  get size(): number {
    return this.waiting.length;
  }

  /** The task that may start now (counted as started), or how long until one may. */
  take(): ThrottleAnswer {
    const now = this.now();
    while (this.starts.length > 0 && this.starts[0]! <= now - MINUTE_MS) this.starts.shift();
    // A task whose interval has passed needs no record: the map stays as small as the minute.
    for (const [taskId, at] of this.lastStart)
      if (at + this.limits.taskEveryMs <= now) this.lastStart.delete(taskId);
    const first = this.waiting[0];
    if (first === undefined) return { kind: 'empty' };
    if (this.starts.length >= this.limits.perMinute)
      return {
        kind: 'wait',
        reason: 'rate',
        taskId: first,
        waitMs: this.starts[0]! + MINUTE_MS - now,
      };
    let soonest: { taskId: string; at: number } | undefined;
    for (const [index, taskId] of this.waiting.entries()) {
      const at = (this.lastStart.get(taskId) ?? -Infinity) + this.limits.taskEveryMs;
      if (at <= now) {
        this.waiting.splice(index, 1);
        this.lastStart.set(taskId, now);
        this.starts.push(now);
        return { kind: 'start', taskId };
      }
      if (!soonest || at < soonest.at) soonest = { taskId, at };
    }
    return { kind: 'wait', reason: 'task', taskId: soonest!.taskId, waitMs: soonest!.at - now };
  }
}

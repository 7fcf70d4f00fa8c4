/**
 * The person's schedule for the agent ("review my open tasks every day at 7"), journal
 * data on the default agent's row, so every device and agent device sees the same one. The
 * time is the person's wall-clock time in their IANA time zone, stored with it: an agent
 * device in another zone still fires at the person's 7:00. One period per local day.
 */
import { z } from 'zod';
import { isoTimestampSchema } from './entity';

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const agentScheduleSchema = z
  .object({
    enabled: z.boolean(),
    /** Local time of day, 24-hour "HH:MM". */
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time is HH:MM, for example 07:00.'),
    timeZone: z.string().min(1).max(64).refine(isTimeZone, 'Unknown time zone.'),
    /** When it was set: a period that fell due before then is not the schedule's. */
    since: isoTimestampSchema,
  })
  .strict();
export type AgentSchedule = z.infer<typeof agentScheduleSchema>;

export interface DuePeriod {
  /** The local date it fell due on, "YYYY-MM-DD": one period per day. */
  period: string;
  /** When it fell due. */
  at: Date;
}

/**
 * The newest period that fell due at or before `now` and after the schedule was set, or
 * undefined. Only the newest: an agent device that was down for three days fires once.
 */
export function duePeriod(schedule: AgentSchedule, now: Date): DuePeriod | undefined {
  if (!schedule.enabled) return undefined;
  const local = localParts(now, schedule.timeZone);
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  const today = Date.UTC(local.year, local.month - 1, local.day);
  const passed = local.hour * 60 + local.minute >= hour * 60 + minute;
  const date = new Date(passed ? today : today - 86_400_000);
  const at = instantOf(date, hour, minute, schedule.timeZone);
  if (at.getTime() > now.getTime() || at.getTime() <= Date.parse(schedule.since)) return undefined;
  return { period: date.toISOString().slice(0, 10), at };
}

/** The person's own time zone, as this device knows it. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function localParts(instant: Date, timeZone: string): LocalParts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
  };
}

/** The instant the zone's clocks show `hour:minute` on that date (twice corrected for DST). */
function instantOf(date: Date, hour: number, minute: number, timeZone: string): Date {
  const wanted = Date.UTC(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    hour,
    minute,
  );
  let guess = wanted;
  for (let round = 0; round < 2; round += 1) {
    const shown = localParts(new Date(guess), timeZone);
    const shownMs = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute);
    guess += wanted - shownMs;
  }
  return new Date(guess);
}

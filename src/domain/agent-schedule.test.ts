import { describe, expect, it } from 'vitest';
import { agentScheduleSchema, duePeriod, type AgentSchedule } from './agent-schedule';

const daily = (time: string, timeZone: string, since = '2026-01-01T00:00:00Z'): AgentSchedule => ({
  enabled: true,
  time,
  timeZone,
  since,
});

describe('the period a daily schedule is due for', () => {
  it('is the person’s local day once their local time has passed, the day before until then', () => {
    const schedule = daily('07:00', 'Europe/Berlin');
    // 05:59 UTC is 06:59 in Berlin (winter): yesterday's 07:00 is the newest due.
    expect(duePeriod(schedule, new Date('2026-11-27T05:59:00Z'))).toEqual({
      period: '2026-11-26',
      at: new Date('2026-11-26T06:00:00Z'),
    });
    expect(duePeriod(schedule, new Date('2026-11-27T06:00:00Z'))).toEqual({
      period: '2026-11-27',
      at: new Date('2026-11-27T06:00:00Z'),
    });
  });

  it('follows the zone’s daylight saving time, and a zone whose date differs from UTC', () => {
    expect(
      duePeriod(daily('07:00', 'Europe/Berlin'), new Date('2026-07-01T05:30:00Z'))?.at,
    ).toEqual(new Date('2026-07-01T05:00:00Z'));
    // 23:30 UTC on the 27th is 12:30 on the 28th in Auckland.
    expect(duePeriod(daily('07:00', 'Pacific/Auckland'), new Date('2026-11-27T23:30:00Z'))).toEqual(
      {
        period: '2026-11-28',
        at: new Date('2026-11-27T18:00:00Z'),
      },
    );
  });

  it('is none before the schedule was set, and none while it is off', () => {
    const setAfterSeven = daily('07:00', 'UTC', '2026-11-27T09:00:00Z');
    expect(duePeriod(setAfterSeven, new Date('2026-11-27T12:00:00Z'))).toBeUndefined();
    expect(duePeriod(setAfterSeven, new Date('2026-11-28T07:00:00Z'))?.period).toBe('2026-11-28');
    const off = { ...daily('07:00', 'UTC'), enabled: false };
    expect(duePeriod(off, new Date('2026-11-28T08:00:00Z'))).toBeUndefined();
  });

  it('refuses a time or a time zone it cannot read', () => {
    expect(agentScheduleSchema.safeParse(daily('7am', 'UTC')).success).toBe(false);
    expect(agentScheduleSchema.safeParse(daily('24:00', 'UTC')).success).toBe(false);
    expect(agentScheduleSchema.safeParse(daily('07:00', 'Nowhere/City')).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { describeDayShift, formatCalendarDay } from './format-calendar-day';

describe('calendar days for people', () => {
  const today = new Date('2026-11-24T12:00:00Z');

  it('names the weekday and the day, with the year only when it is not this year', () => {
    expect(formatCalendarDay('2026-11-26', today)).toBe('Thu, Nov 26');
    expect(formatCalendarDay('2027-01-04', today)).toBe('Mon, Jan 4, 2027');
    expect(formatCalendarDay('not a day', today)).toBe('not a day');
  });

  it('says how far one day moves from another', () => {
    expect(describeDayShift('2026-11-28', '2026-11-26')).toBe('2 days earlier');
    expect(describeDayShift('2026-11-26', '2026-12-03')).toBe('1 week later');
    expect(describeDayShift('2026-11-26', '2026-11-27')).toBe('1 day later');
    expect(describeDayShift('2026-11-26', '2026-11-26')).toBe('the same day');
    expect(describeDayShift('none', '2026-11-26')).toBeUndefined();
  });
});

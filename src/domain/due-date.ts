/** Calendar dates as `YYYY-MM-DD`, validated as real dates (2026-02-31 is not one). */
import { z } from 'zod';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isRealDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

export const dueDateSchema = z
  .string()
  .trim()
  .regex(DATE_PATTERN, 'Use the form YYYY-MM-DD, for example "2026-03-15".')
  .refine(
    isRealDate,
    'That day does not exist in the calendar; use a real date such as "2026-02-28".',
  );

/** Today's date in the device's time zone as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

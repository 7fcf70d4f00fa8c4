/** Calendar dates as `YYYY-MM-DD`, validated as real dates (2026-02-31 is not one). */
import { z } from 'zod';
import { DATE_PATTERN, isRealDate } from './calendar-date';

export { isRealDate, todayIso } from './calendar-date';

export const dueDateSchema = z
  .string()
  .trim()
  // A text not in the form is not checked as a day too ("next Friday" is not a false date).
  .regex(DATE_PATTERN, { error: 'Use the form YYYY-MM-DD, for example "2026-03-15".', abort: true })
  .refine(
    isRealDate,
    'That day does not exist in the calendar; use a real date such as "2026-02-28".',
  );

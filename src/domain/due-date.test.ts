import { describe, expect, it } from 'vitest';
import { dueDateSchema, isRealDate } from './due-date';

describe('due dates', () => {
  it.each(['2026-02-28', '2028-02-29', '2026-12-31', '2026-01-01'])(
    'accept the real date %s',
    (value) => {
      expect(isRealDate(value)).toBe(true);
    },
  );

  it.each([
    '2026-02-31',
    '2026-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '26-1-1',
    '2026/01/01',
    '',
  ])('refuse %s', (value) => {
    expect(isRealDate(value)).toBe(false);
    expect(dueDateSchema.safeParse(value).success).toBe(false);
  });

  it('explain an impossible day in words', () => {
    const result = dueDateSchema.safeParse('2026-02-31');
    expect(result.error?.issues[0]?.message).toMatch(/does not exist/);
  });

  it('say only the form for a text not in it: no false "does not exist"', () => {
    for (const value of ['next Friday', '2026-03-15T00:00:00Z']) {
      const messages = dueDateSchema.safeParse(value).error?.issues.map((issue) => issue.message);
      expect(messages).toEqual(['Use the form YYYY-MM-DD, for example "2026-03-15".']);
    }
  });
});

/**
 * Lenient readers for values models commonly send in the wrong type ("60" for 60,
 * "p1" for P1). They accept the intended value and nothing else.
 */
import { z } from 'zod';

/** A whole number, or a string holding only one. */
export const wholeNumberInput = z.preprocess(
  (value) => {
    if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value.trim());
    return value;
  },
  z.number({ error: 'Expected a whole number, for example 60.' }),
);

/** A string compared case-insensitively against upper-case values. */
export function upperCaseInput<T extends readonly [string, ...string[]]>(
  values: T,
  example: string,
) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z.enum(values, { error: `Expected one of ${values.join(', ')}, for example "${example}".` }),
  );
}

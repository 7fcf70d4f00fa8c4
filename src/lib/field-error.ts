import type { z } from 'zod';

/** The first message the schema has for `value`, or undefined when it is valid. */
export function fieldError(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'This is not valid.');
}

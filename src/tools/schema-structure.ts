/**
 * How the argument checks (unknown-keys.ts, null-optionals.ts) walk a tool's schema beside
 * the model's value: through the wrappers that leave an object's keys alone, to the object
 * or array the schema checks.
 */
import { z } from 'zod';

/** The object or array a schema checks, through the wrappers that leave its keys alone. */
export function structureOf(schema: z.ZodType): z.ZodType | undefined {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 16; depth++) {
    if (current instanceof z.ZodObject || current instanceof z.ZodArray) return current;
    if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodDefault ||
      current instanceof z.ZodPrefault ||
      current instanceof z.ZodCatch ||
      current instanceof z.ZodReadonly ||
      current instanceof z.ZodNonOptional
    ) {
      current = current.def.innerType as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      // A preprocess reads its input as the schema after it; a transform, as the one before.
      current = (current.in instanceof z.ZodTransform ? current.out : current.in) as z.ZodType;
    } else {
      return undefined;
    }
  }
  return undefined;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Many models send `null` for each optional key they leave unused: OpenAI's strict tool
 * calls make every key required, so a schema's optional keys come back as null, and
 * fine-tuned models copy the habit. A null where the tool's schema takes no value, but not
 * null, is read as "not given", so the call is judged on what it says instead of refused
 * for what it left out. A null the schema takes (a nullable key) is kept as sent, and a
 * null for a required key is left for the schema to refuse with its own message.
 *
 * It walks the schema beside the value as unknown-keys.ts does (objects and arrays, through
 * their wrappers). Run it before the schema: it returns a copy and never changes `value`.
 */
import { z } from 'zod';
import { isPlainObject, structureOf } from './schema-structure';

export function withoutNullOptionals(schema: z.ZodType, value: unknown): unknown {
  const structure = structureOf(schema);
  if (structure instanceof z.ZodObject && isPlainObject(value)) {
    const shape = structure.shape as Record<string, z.ZodType>;
    const kept: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
      if (field === undefined) kept[key] = child;
      else if (child === null && readsNullAsNotGiven(field)) continue;
      else kept[key] = withoutNullOptionals(field, child);
    }
    return kept;
  }
  if (structure instanceof z.ZodArray && Array.isArray(value)) {
    const element = structure.element as z.ZodType;
    return value.map((item) => withoutNullOptionals(element, item));
  }
  return value;
}

/** The key may be left out, and null is not one of its values. */
function readsNullAsNotGiven(field: z.ZodType): boolean {
  try {
    return field.safeParse(undefined).success && !field.safeParse(null).success;
  } catch {
    // A preprocess that cannot read undefined or null: leave the value to the schema.
    return false;
  }
}

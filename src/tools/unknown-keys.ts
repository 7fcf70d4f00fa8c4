/**
 * The keys of a model's arguments that a tool's schema does not take. Zod drops them
 * without a word, so a call such as `{"taskId": "other", "title": "…"}` would be read as
 * a change to the wake's own task, and `{"minutes": 2, "unit": "hours"}` as two minutes.
 * The route refuses such a call and names the keys, so the model learns the contract
 * instead of having part of what it meant silently ignored.
 *
 * It walks the schema beside the value: objects (their shape), arrays (their element),
 * and the wrappers around them (optional, nullable, default, preprocess, transform).
 * Objects that take any key (a catchall) and unions are not checked. Run it on arguments
 * the schema accepted: their size is then within the tool's limits.
 */
import { z } from 'zod';
import { isPlainObject, structureOf } from './schema-structure';

/** Paths of the keys the schema would drop: "unit", "items.0.note". */
export function unknownKeys(schema: z.ZodType, value: unknown): string[] {
  const found: string[] = [];
  walk(schema, value, [], found);
  return found;
}

/** The keys the schema's top-level object takes (none when it is not an object). */
export function knownKeys(schema: z.ZodType): string[] {
  const shape = structureOf(schema);
  return shape instanceof z.ZodObject ? Object.keys(shape.shape) : [];
}

function walk(schema: z.ZodType, value: unknown, path: string[], found: string[]): void {
  const structure = structureOf(schema);
  if (structure instanceof z.ZodObject) {
    if (!isPlainObject(value) || structure.def.catchall !== undefined) return;
    const shape = structure.shape as Record<string, z.ZodType>;
    for (const [key, child] of Object.entries(value)) {
      if (Object.hasOwn(shape, key)) walk(shape[key]!, child, [...path, key], found);
      else found.push([...path, key].join('.'));
    }
  } else if (structure instanceof z.ZodArray && Array.isArray(value)) {
    const element = structure.element as z.ZodType;
    value.forEach((item, index) => walk(element, item, [...path, String(index)], found));
  }
}

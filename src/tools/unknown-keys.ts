/**
 * The keys of a model's arguments that a tool's schema does not take. Zod drops them
 * without a word, so a call such as `{"taskId": "other", "title": "…"}` would be read as
 * a change to the wake's own task, and `{"minutes": 2, "unit": "hours"}` as two minutes.
 * The route refuses such a call and names the keys, so the model learns the contract
 * instead of having part of what it meant silently ignored.
 *
 * It walks the schema beside the value: objects (their shape), arrays (their element),
 * and the wrappers around them (optional, nullable, default, preprocess, transform).
 * Objects that take any key (a catchall) and unions are not checked, and neither are the
 * extra keys of objects marked with `ignoringUnknownKeys` (a checklist item's
 * `description` or `priority`, which real models add), except a key that names a task:
 * that is never dropped without a word. Run it on arguments the schema accepted: their
 * size is then within the tool's limits.
 */
import { z } from 'zod';
import { isPlainObject, structureOf } from './schema-structure';

/** A key that names a task: every model tool acts on the wake's task. */
export const NAMES_A_TASK = /^task(?:[_-]?id)?$/i;

const lenient = new WeakSet<z.ZodType>();

/** Marks an object schema whose extra keys are ignored, not refused (see above). */
export function ignoringUnknownKeys<T extends z.ZodType>(schema: T): T {
  lenient.add(schema);
  return schema;
}

/** Paths of the keys the schema would drop: "unit", "items.0.taskId". */
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
    const ignoresExtras = lenient.has(schema) || lenient.has(structure);
    for (const [key, child] of Object.entries(value)) {
      if (Object.hasOwn(shape, key)) walk(shape[key]!, child, [...path, key], found);
      else if (!ignoresExtras || NAMES_A_TASK.test(key)) found.push([...path, key].join('.'));
    }
  } else if (structure instanceof z.ZodArray && Array.isArray(value)) {
    const element = structure.element as z.ZodType;
    value.forEach((item, index) => walk(element, item, [...path, String(index)], found));
  }
}

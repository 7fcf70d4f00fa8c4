/**
 * Fields every synced entity carries: identity, timestamps, a per-entity write counter
 * (`rev`, used to detect staleness) and a vector clock for cross-device ordering.
 */
import { z } from 'zod';
import { fieldWritesSchema } from './field-writes';
import { COUNTER_MAX } from './limits';
import { toUtc } from '../lib/to-utc';
import { vectorClockSchema } from './vector-clock';

export const idSchema = z.string().min(1).max(100);
/** An ISO time; one with an offset is accepted and stored in UTC (lib/to-utc.ts). */
export const isoTimestampSchema = z.iso.datetime({ offset: true }).transform(toUtc);

export const entityBaseSchema = z.object({
  id: idSchema,
  createdAt: isoTimestampSchema,
  updatedAt: isoTimestampSchema,
  rev: z.number().int().nonnegative().max(COUNTER_MAX, `A rev is at most ${COUNTER_MAX}.`),
  vectorClock: vectorClockSchema,
  deletedAt: isoTimestampSchema.optional(),
  /** Who wrote each field last and when, for the sync merge rule (field-writes.ts). */
  fieldWrites: fieldWritesSchema.optional(),
});

export type EntityBase = z.infer<typeof entityBaseSchema>;

/** A new random id. `crypto.randomUUID` exists in every browser and worker we target. */
export function newId(): string {
  return crypto.randomUUID();
}

import { z } from 'zod';
import { idSchema } from './entity';

/** One entity row as it was before and after a write: the unit of undo, preview and sync. */
export const entityDiffSchema = z.object({
  table: z.string(),
  id: idSchema,
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type EntityDiff = z.infer<typeof entityDiffSchema>;

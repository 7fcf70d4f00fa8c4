import { z } from 'zod';
import { entityBaseSchema, idSchema } from './entity';

const ENTRY_MAX_LENGTH = 20_000;

export const journalEntryTextSchema = z
  .string()
  .trim()
  .min(1, 'An entry cannot be empty.')
  .max(ENTRY_MAX_LENGTH, `An entry is at most ${ENTRY_MAX_LENGTH} characters.`);

export const journalEntrySchema = entityBaseSchema.extend({
  taskId: idSchema,
  text: z.string().max(ENTRY_MAX_LENGTH),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

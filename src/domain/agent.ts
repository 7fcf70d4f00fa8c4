/** The agent's own records: who it is, its runs (wakes), reports and observations. */
import { z } from 'zod';
import { agentScheduleSchema } from './agent-schedule';
import { entityBaseSchema, idSchema, isoTimestampSchema } from './entity';
import { AGENT_CATEGORIES_MAX, AGENT_DIRECTIVES_MAX_LENGTH, NAME_MAX_LENGTH } from './limits';

export const agentSchema = entityBaseSchema.extend({
  name: z.string().max(NAME_MAX_LENGTH),
  allowedCategoryIds: z.array(idSchema).max(AGENT_CATEGORIES_MAX),
  directives: z.string().max(AGENT_DIRECTIVES_MAX_LENGTH),
  /**
   * The person's choices, synced with the journal (they were device settings before): the
   * deferred tools applied without asking, how long proposals wait for review, the schedule.
   */
  trustedTools: z.array(z.string().min(1).max(100)).max(100).optional(),
  ttlDays: z.number().int().min(1).max(365).optional(),
  schedule: agentScheduleSchema.optional(),
});
export type Agent = z.infer<typeof agentSchema>;

export const DEFAULT_AGENT_ID = 'default-agent';

export const wakeSchema = entityBaseSchema.extend({
  agentId: idSchema,
  taskId: idSchema,
  runKey: z.string(),
  status: z.enum(['running', 'done', 'failed', 'cancelled']),
  startedAt: isoTimestampSchema,
  endedAt: isoTimestampSchema.optional(),
  turns: z.number().int().nonnegative().optional(),
  error: z.string().optional(),
  /** Proposals queued during this wake. */
  proposed: z.number().int().nonnegative().optional(),
  /** Who answered: the provider (as the person chose it) and the model's id. */
  provider: z.string().max(200).optional(),
  model: z.string().max(200).optional(),
  /** Tool calls the model made, over all turns. */
  calls: z.number().int().nonnegative().optional(),
  /** Journal entities this wake wrote, with their clocks after the write: its own writes never wake it again. */
  mutatedEntries: z
    .array(
      z.object({
        table: z.string(),
        id: z.string(),
        taskId: z.string().optional(),
        vectorClock: z.record(z.string(), z.number()),
      }),
    )
    .optional(),
  usage: z
    .object({ inputTokens: z.number().optional(), outputTokens: z.number().optional() })
    .optional(),
});
export type Wake = z.infer<typeof wakeSchema>;

export const reportSchema = entityBaseSchema.extend({
  agentId: idSchema,
  taskId: idSchema,
  oneLiner: z.string(),
  tldr: z.string(),
  content: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const observationSchema = entityBaseSchema.extend({
  agentId: idSchema,
  taskId: idSchema,
  text: z.string(),
  priority: z.enum(['low', 'normal', 'high']),
  category: z.string(),
});
export type Observation = z.infer<typeof observationSchema>;

import { z } from 'zod';
import { agentScheduleSchema } from '../../domain/agent-schedule';
import { agentSchema } from '../../domain/agent';
import { countOf } from '../../lib/count-of';
import { defineInternalTool } from '../tool-definition';
import { defaultAgent, writeAgentFields } from './agent-row';

const choicesSchema = z
  .object({
    trustedTools: agentSchema.shape.trustedTools,
    ttlDays: agentSchema.shape.ttlDays,
    schedule: agentScheduleSchema.optional(),
    /** The one-time move of this device's old settings: only what the journal lacks is written. */
    onlyUnset: z.boolean().optional(),
  })
  .strict();

/**
 * The person's choices for the agent, journal data that syncs (decisions/0014): which
 * deferred tools are applied without asking, how long proposals wait for review, and the
 * schedule. Each call names only what changed, so two devices' edits of different
 * choices both stand (the sync merge is per field).
 */
export const setAgentChoices = defineInternalTool({
  name: 'set_agent_choices',
  argsSchema: choicesSchema,
  summarize: () => "Change the agent's choices",
  targetTaskId: async () => undefined,
  async handle({ onlyUnset, ...choices }, journal, context) {
    const agent = await defaultAgent(journal);
    const fields = Object.fromEntries(
      Object.entries(choices).filter(
        ([name, value]) =>
          value !== undefined &&
          !(onlyUnset && agent?.[name as keyof typeof choices] !== undefined) &&
          JSON.stringify(agent?.[name as keyof typeof choices]) !== JSON.stringify(value),
      ),
    ) as typeof choices;
    if (Object.keys(fields).length === 0) return { output: 'Nothing changed.', noop: true };
    await writeAgentFields(journal, agent, fields, context.now);
    return { output: describeChoices(fields) };
  },
});

function describeChoices(fields: z.infer<typeof choicesSchema>): string {
  const said: string[] = [];
  if (fields.trustedTools)
    said.push(`${countOf(fields.trustedTools.length, 'kind')} of change applied without asking`);
  if (fields.ttlDays) said.push(`proposals expire after ${countOf(fields.ttlDays, 'day')}`);
  if (fields.schedule)
    said.push(
      fields.schedule.enabled
        ? `the agent reviews open tasks every day at ${fields.schedule.time} (${fields.schedule.timeZone})`
        : 'no scheduled review',
    );
  return `Saved: ${said.join('; ')}.`;
}

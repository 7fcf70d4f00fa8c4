/**
 * A tool the wake handles itself (route `noted`): it keeps the call on the wake's notes
 * (the agent's report, its observations), so it has no preview, proposal or policy target,
 * and it never writes the journal: dispatching it is refused.
 */
import type { z } from 'zod';
import { contextTaskId } from '../task/task-target';
import type { ToolDefinition } from '../tool-definition';
import { ToolInputError } from '../tool-errors';

type NotedParts<Args> = Required<
  Pick<ToolDefinition<Args>, 'name' | 'description' | 'example' | 'summarize' | 'note'>
>;

export function defineNotedTool<Args>(
  definition: NotedParts<Args> & { argsSchema: z.ZodType<Args> },
): ToolDefinition<Args> {
  return {
    ...definition,
    audience: 'model',
    route: 'noted',
    targetTaskId: contextTaskId,
    async handle() {
      throw new ToolInputError(
        `${definition.name} is handled inside the wake: it keeps the agent's own notes and never changes the journal.`,
      );
    },
  };
}

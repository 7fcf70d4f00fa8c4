/**
 * Tools the wake handles itself (route `wake`): they write only the agent's own
 * records (report, observations), never the journal, so they do not go through dispatch().
 */
import type { z } from 'zod';

export interface WakeToolDefinition<Schema extends z.ZodType = z.ZodType> {
  name: string;
  route: 'wake';
  description: string;
  argsSchema: Schema;
  example: Record<string, unknown>;
}

export function defineWakeTool<Schema extends z.ZodType>(
  definition: WakeToolDefinition<Schema>,
): WakeToolDefinition<Schema> {
  return definition;
}

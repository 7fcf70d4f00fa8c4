import { recordObservations } from './record-observations';
import { updateReport } from './update-report';
import type { WakeToolDefinition } from './wake-tool-definition';

const WAKE_TOOLS: readonly WakeToolDefinition[] = [updateReport, recordObservations];

export function wakeTools(): readonly WakeToolDefinition[] {
  return WAKE_TOOLS;
}

/** The wake tool of that exact name (own names only), or undefined. */
export function findWakeTool(name: unknown): WakeToolDefinition | undefined {
  return WAKE_TOOLS.find((tool) => tool.name === name);
}

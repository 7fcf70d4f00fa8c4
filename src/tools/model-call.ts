/**
 * Turns what a model sent into a call of a model-facing tool, before any routing. Common
 * name confusions (each tool's `aliases`) resolve to the real tool, so an alias can never
 * skip deferral. Nothing else is rescued: a singular tool that only exists for exploded
 * batch items is refused with its batch tool's contract, and arguments that are not a JSON
 * object (a string, a double-encoded object) are refused, never parsed, so the model
 * learns the contract.
 */
import { batchToolOf, findAliasedTool, findTool, modelTools } from './registry';
import type { ToolDefinition } from './tool-definition';

export type ModelCall =
  | { ok: true; tool: ToolDefinition<unknown>; args: unknown; requestedName: string }
  | { ok: false; error: string };

export function resolveModelToolCall(name: unknown, args: unknown): ModelCall {
  const requestedName = typeof name === 'string' ? name.trim() : '';
  const tool = findAliasedTool(requestedName) ?? findTool(requestedName);
  if (!tool || tool.audience !== 'model') {
    const batch = tool && batchToolOf(tool);
    if (batch) return { ok: false, error: singularRefusal(tool.name, batch) };
    const shown =
      typeof name === 'string'
        ? `"${name.slice(0, 80)}"`
        : `a ${name === null ? 'null' : typeof name} name`;
    return {
      ok: false,
      error: `Unknown tool ${shown}. The tools you can call are: ${modelTools()
        .map((candidate) => candidate.name)
        .join(', ')}.`,
    };
  }
  if (args === undefined || args === null) args = {};
  if (typeof args !== 'object' || Array.isArray(args)) {
    const example = tool.example ? `, for example ${JSON.stringify(tool.example)}` : '';
    return {
      ok: false,
      error: `The arguments of ${tool.name} must be a JSON object, not ${Array.isArray(args) ? 'an array' : `a ${typeof args}`} (do not encode them as a string)${example}.`,
    };
  }
  return { ok: true, tool, args, requestedName };
}

function singularRefusal(singular: string, batch: ToolDefinition<unknown>): string {
  const example = batch.example ? ` For example ${JSON.stringify(batch.example)}.` : '';
  return `${singular} is not a tool you can call. Use ${batch.name} with "${batch.batch!.key}" as a JSON array, a one-element array for a single item.${example}`;
}

/**
 * Turns what a model sent into a call of a model-facing tool, before any routing. Common
 * name confusions (each tool's `aliases`) resolve to the real tool, so an alias can never
 * skip deferral. Nothing else is rescued: a singular tool that only exists for exploded
 * batch items is refused with its batch tool's contract, and arguments that are not a JSON
 * object (a string, a double-encoded object) are refused, never parsed, so the model
 * learns the contract. Arguments nested deeper than any tool's contract are refused too,
 * measured without recursion, so no later step (canonical JSON, the audit) walks them.
 */
import { batchToolOf, findAliasedTool, findTool, modelTools } from './registry';
import type { ToolDefinition } from './tool-definition';

/** No tool's arguments nest deeper than 3 levels ({"items": [{"title": …}]}); this leaves room. */
const MAX_ARGUMENT_DEPTH = 16;

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
  if (nestsDeeperThan(args, MAX_ARGUMENT_DEPTH)) {
    const example = tool.example ? `, for example ${JSON.stringify(tool.example)}` : '';
    return {
      ok: false,
      error: `The arguments of ${tool.name} nest deeper than ${MAX_ARGUMENT_DEPTH} levels; send a flat object as the schema shows${example}.`,
    };
  }
  return { ok: true, tool, args, requestedName };
}

/** Whether objects and arrays nest deeper than `limit` levels, walked with a stack of its own. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

function singularRefusal(singular: string, batch: ToolDefinition<unknown>): string {
  const example = batch.example ? ` For example ${JSON.stringify(batch.example)}.` : '';
  return `${singular} is not a tool you can call. Use ${batch.name} with "${batch.batch!.key}" as a JSON array, a one-element array for a single item.${example}`;
}

/**
 * Turns what a model sent into a call of a model-facing tool, before any routing. Common
 * name confusions resolve to the real tool (so an alias can never skip deferral). Nothing
 * else is rescued: a singular tool that only exists for exploded batch items is refused
 * with its batch tool's contract, and arguments that are not a JSON object (a string, a
 * double-encoded object) are refused, never parsed, so the model learns the contract.
 */
import { allTools, findTool, modelTools } from './registry';
import type { ToolDefinition } from './tool-definition';

/** Names models use for the real tools: renames only, arguments untouched. */
const ALIASES: Readonly<Record<string, string>> = {
  update_task_title: 'set_task_title',
  set_title: 'set_task_title',
  rename_task: 'set_task_title',
  set_task_estimate: 'update_task_estimate',
  set_estimate: 'update_task_estimate',
  update_estimate: 'update_task_estimate',
  set_task_due_date: 'update_task_due_date',
  set_due_date: 'update_task_due_date',
  update_due_date: 'update_task_due_date',
  set_task_priority: 'update_task_priority',
  set_priority: 'update_task_priority',
  update_priority: 'update_task_priority',
  update_task_status: 'set_task_status',
  change_task_status: 'set_task_status',
  set_status: 'set_task_status',
  update_task_language: 'set_task_language',
  set_language: 'set_task_language',
  assign_labels: 'assign_task_labels',
  add_task_labels: 'assign_task_labels',
  add_labels: 'assign_task_labels',
  add_checklist_items: 'add_multiple_checklist_items',
  create_checklist_items: 'add_multiple_checklist_items',
  check_checklist_items: 'update_checklist_items',
};

export type ModelCall =
  | { ok: true; tool: ToolDefinition<unknown>; args: unknown; requestedName: string }
  | { ok: false; error: string };

export function resolveModelToolCall(name: unknown, args: unknown): ModelCall {
  const requestedName = typeof name === 'string' ? name.trim() : '';
  const alias = Object.hasOwn(ALIASES, requestedName) ? ALIASES[requestedName] : undefined;
  const tool = findTool(alias ?? requestedName);
  if (!tool || tool.audience !== 'model') {
    const batch = tool && allTools().find((candidate) => candidate.batch?.singular === tool.name);
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

/**
 * Turns what a model sent into a call of a model-facing tool, before any routing:
 * common name confusions resolve to the real tool (so an alias can never skip
 * deferral), a singular tool the model should not call is wrapped into its batch,
 * and arguments double-encoded as JSON strings are decoded. Anything else is refused
 * with a message that names the tools the model may use.
 */
import { findTool, modelTools } from './registry';
import type { ToolDefinition } from './tool-definition';

type Args = Record<string, unknown>;
interface Alias {
  tool: string;
  /** Reshapes the arguments of the confused call into the real tool's. */
  reshape?: (args: Args) => Args;
}

const wrapAs = (key: string) => (args: Args) => (key in args ? args : { [key]: [args] });

const ALIASES: Readonly<Record<string, Alias>> = {
  update_task_title: { tool: 'set_task_title' },
  set_title: { tool: 'set_task_title' },
  rename_task: { tool: 'set_task_title' },
  set_task_estimate: { tool: 'update_task_estimate' },
  set_estimate: { tool: 'update_task_estimate' },
  update_estimate: { tool: 'update_task_estimate' },
  set_task_due_date: { tool: 'update_task_due_date' },
  set_due_date: { tool: 'update_task_due_date' },
  update_due_date: { tool: 'update_task_due_date' },
  set_task_priority: { tool: 'update_task_priority' },
  set_priority: { tool: 'update_task_priority' },
  update_priority: { tool: 'update_task_priority' },
  update_task_status: { tool: 'set_task_status' },
  change_task_status: { tool: 'set_task_status' },
  set_status: { tool: 'set_task_status' },
  update_task_language: { tool: 'set_task_language' },
  set_language: { tool: 'set_task_language' },
  assign_labels: { tool: 'assign_task_labels' },
  add_task_labels: { tool: 'assign_task_labels' },
  add_labels: { tool: 'assign_task_labels' },
  assign_task_label: { tool: 'assign_task_labels', reshape: wrapAs('labels') },
  set_task_labels: {
    tool: 'assign_task_labels',
    reshape: (args) =>
      Array.isArray(args.labelIds)
        ? { labels: args.labelIds.map((id: unknown) => ({ id })) }
        : args,
  },
  add_checklist_items: { tool: 'add_multiple_checklist_items' },
  add_checklist_item: { tool: 'add_multiple_checklist_items', reshape: wrapAs('items') },
  create_checklist_items: { tool: 'add_multiple_checklist_items' },
  update_checklist_item: { tool: 'update_checklist_items', reshape: wrapAs('items') },
  check_checklist_items: { tool: 'update_checklist_items' },
};

export type ModelCall =
  | { ok: true; tool: ToolDefinition<unknown>; args: unknown; requestedName: string }
  | { ok: false; error: string };

export function resolveModelToolCall(name: unknown, rawArgs: unknown): ModelCall {
  const requestedName = typeof name === 'string' ? name.trim() : '';
  const alias = Object.hasOwn(ALIASES, requestedName) ? ALIASES[requestedName] : undefined;
  const tool = findTool(alias?.tool ?? requestedName);
  if (!tool || tool.audience !== 'model') {
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
  let args = decodeArguments(rawArgs);
  if (alias?.reshape && isPlainObject(args)) args = alias.reshape(args);
  return { ok: true, tool, args, requestedName };
}

/**
 * Arguments as an object: a JSON string of an object is decoded, and so is any
 * top-level value that is a JSON string of an array or object (small models
 * double-encode arrays). A string that is not JSON stays a string, so the tool's
 * own validation can explain the expected form.
 */
export function decodeArguments(rawArgs: unknown): unknown {
  let args = rawArgs;
  if (typeof args === 'string') {
    const decoded = tryParseJson(args);
    if (decoded !== undefined) args = decoded;
  }
  if (args === null || args === undefined) return {};
  if (!isPlainObject(args)) return args;
  const result: Args = {};
  for (const [key, value] of Object.entries(args)) {
    const looksEncoded = typeof value === 'string' && /^\s*[[{]/.test(value);
    const decoded = looksEncoded ? tryParseJson(value) : undefined;
    result[key] = decoded !== undefined && typeof decoded === 'object' ? decoded : value;
  }
  return result;
}

function tryParseJson(text: string): unknown {
  if (text.length > 200_000) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isPlainObject(value: unknown): value is Args {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

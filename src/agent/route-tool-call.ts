/**
 * The wake's routing of one tool call (docs/decisions/0004-deferred-tools-and-change-sets.md):
 * every call resolves through the one tool registry, and its route decides the rest. A
 * `noted` tool keeps its call on the wake's notes, an `immediate` one is dispatched with
 * source `agent` under policy, and a `deferred` one is validated and handed to the
 * ChangeSetBuilder. Whatever the model sent, the answer is a string for it to read;
 * nothing here throws on bad input.
 */
import type { CountersignDatabase } from '../db/database';
import { formatArgumentError } from '../dispatcher/argument-errors';
import { dispatch } from '../dispatcher/dispatch';
import type { MutatedEntry } from '../dispatcher/dispatch-types';
import { countOf } from '../lib/count-of';
import { resolveModelToolCall } from '../tools/model-call';
import type { WakeNotes } from '../tools/notes/wake-notes';
import { withoutNullOptionals } from '../tools/null-optionals';
import { knownKeys, NAMES_A_TASK, unknownKeys } from '../tools/unknown-keys';
import type { ToolDefinition } from '../tools/tool-definition';
import type { ChangeSetBuilder } from './change-set-builder';

export type { WakeNotes } from '../tools/notes/wake-notes';

const PROPOSAL_QUEUED = 'Proposal queued for user review.';

export interface RawToolCall {
  toolCallId: string;
  toolName: string;
  /** The arguments as the provider delivered them: usually a JSON string. */
  input: unknown;
}

export interface RouteDependencies {
  db: CountersignDatabase;
  taskId: string;
  agentId: string;
  operationKey: string;
  builder: ChangeSetBuilder;
  notes: WakeNotes;
  mutatedEntries: MutatedEntry[];
  /** True once the wake has spent its audit budget: immediate calls are then not dispatched. */
  auditFull?: () => boolean;
}

export interface RoutedCall {
  output: string;
  outcome: 'queued' | 'skipped' | 'applied' | 'noted' | 'error';
  /** The tool that actually handled the call (after alias resolution). */
  toolName: string;
  /** True when dispatch() already wrote the audit messages of this call. */
  audited?: boolean;
}

export async function routeToolCall(
  call: RawToolCall,
  deps: RouteDependencies,
): Promise<RoutedCall> {
  const input = parseInput(call.input);
  if (!input.ok) {
    return {
      toolName: call.toolName,
      outcome: 'error',
      output: `Your arguments for ${call.toolName} were not valid JSON (${input.error}). Send a JSON object.`,
    };
  }

  const resolved = resolveModelToolCall(call.toolName, input.value);
  if (!resolved.ok) return { toolName: call.toolName, outcome: 'error', output: resolved.error };
  const { tool } = resolved;
  const args = withoutNullOptionals(tool.argsSchema, resolved.args);
  // Parsed once: arguments the schema refuses get its own message (below, or dispatch()'s
  // for an immediate tool); accepted ones are checked for keys the schema would drop.
  const parsed = tool.argsSchema.safeParse(args);
  const unknown = parsed.success ? unknownArguments(tool, args, deps.taskId) : undefined;
  if (unknown) return { toolName: tool.name, outcome: 'error', output: unknown };

  if (tool.route === 'immediate') {
    if (deps.auditFull?.())
      return {
        toolName: tool.name,
        outcome: 'error',
        output:
          'Not applied: this wake has made more calls than one wake may record. Finish with update_report.',
      };
    const result = await dispatch(deps.db, tool.name, args, {
      source: 'agent',
      taskId: deps.taskId,
      operationKey: deps.operationKey,
      agentId: deps.agentId,
    });
    deps.mutatedEntries.push(...result.mutatedEntries);
    return {
      toolName: tool.name,
      outcome: result.success ? 'applied' : 'error',
      output: result.output,
      audited: true,
    };
  }

  if (!parsed.success)
    return {
      toolName: tool.name,
      outcome: 'error',
      output: formatArgumentError(tool, parsed.error),
    };
  if (tool.note)
    return { toolName: tool.name, outcome: 'noted', output: tool.note(parsed.data, deps.notes) };
  const proposal = await deps.builder.propose(tool, parsed.data, call.toolCallId);
  const skipped = proposal.skipped.map((item) => `Skipped: ${item.summary} (${item.reason}).`);
  if (proposal.queued.length === 0) {
    return {
      toolName: tool.name,
      outcome: 'skipped',
      output: skipped.join(' ') || 'Skipped: nothing to propose.',
    };
  }
  const queued = `${PROPOSAL_QUEUED} Queued ${countOf(proposal.queued.length, 'item')}: ${proposal.queued.join('; ')}.`;
  return { toolName: tool.name, outcome: 'queued', output: [queued, ...skipped].join(' ') };
}

/**
 * Refuses arguments the schema accepted but with keys the tool does not take
 * (unknown-keys.ts), which the schema would drop without a word. A key naming the wake's own task is let through (it changes
 * nothing); one naming another task is refused as that: a wake changes its task only.
 */
function unknownArguments(
  tool: ToolDefinition<unknown>,
  args: unknown,
  taskId: string,
): string | undefined {
  const values = args as Record<string, unknown>;
  const unknown = unknownKeys(tool.argsSchema, args).filter(
    (path) => !(NAMES_A_TASK.test(path) && values[path] === taskId),
  );
  if (unknown.length === 0) return undefined;
  const refused =
    tool.route === 'immediate' ? 'Not applied' : tool.note ? 'Not kept' : 'Not queued';
  const otherTask = unknown.find((path) => NAMES_A_TASK.test(path));
  if (otherTask) {
    return `${refused}: ${tool.name} changes the task this wake is about (the one in your context) and takes no "${otherTask}"; another task cannot be changed from here. Leave "${otherTask}" out to change this task, or say in your report what the other task needs.`;
  }
  const quoted = (keys: readonly string[]) => keys.map((key) => `"${key}"`).join(', ');
  const takes = knownKeys(tool.argsSchema);
  const example = tool.example ? ` For example ${JSON.stringify(tool.example)}.` : '';
  return `${refused}: ${tool.name} does not take ${quoted(unknown.slice(0, 5))}${unknown.length > 5 ? ` (and ${unknown.length - 5} more)` : ''}. It takes ${quoted(takes)}; send the call again with only those.${example}`;
}

function parseInput(input: unknown): { ok: true; value: unknown } | { ok: false; error: string } {
  if (typeof input !== 'string') return { ok: true, value: input };
  if (input.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(input) };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof Error ? error.message.slice(0, 200) : 'unparsable',
    };
  }
}

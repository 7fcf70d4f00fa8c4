/**
 * The wake's routing of one tool call (ADR 0006, "Tool Call Routing"): wake tools are
 * handled here, immediate tools are dispatched with source `agent` under policy, and
 * deferred tools are validated and handed to the ChangeSetBuilder. Whatever the model
 * sent, the answer is a string for it to read; nothing here throws on bad input.
 */
import type { CountersignDatabase } from '../db/database';
import { formatArgumentError } from '../dispatcher/argument-errors';
import { dispatch } from '../dispatcher/dispatch';
import type { MutatedEntry } from '../dispatcher/dispatch-types';
import { resolveModelToolCall } from '../tools/model-call';
import { findWakeTool } from '../tools/wake/wake-tools';
import type { ChangeSetBuilder } from './change-set-builder';

export const PROPOSAL_QUEUED = 'Proposal queued for user review.';

export interface RawToolCall {
  toolCallId: string;
  toolName: string;
  /** The arguments as the provider delivered them: usually a JSON string. */
  input: unknown;
}

export interface WakeNotes {
  report?: { oneLiner: string; tldr: string; content: string };
  observations: { text: string; priority: 'low' | 'normal' | 'high'; category: string }[];
}

export interface RouteDependencies {
  db: CountersignDatabase;
  taskId: string;
  agentId: string;
  runKey: string;
  builder: ChangeSetBuilder;
  notes: WakeNotes;
  mutatedEntries: MutatedEntry[];
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

  const wakeTool = findWakeTool(call.toolName);
  if (wakeTool) {
    const parsed = wakeTool.argsSchema.safeParse(input.value ?? {});
    if (!parsed.success) {
      const problems = parsed.error.issues.map(
        (issue) => `${issue.path.length ? `"${issue.path.join('.')}": ` : ''}${issue.message}`,
      );
      return {
        toolName: wakeTool.name,
        outcome: 'error',
        output: `Invalid arguments for ${wakeTool.name}: ${problems.slice(0, 5).join('; ')}. Expected arguments like ${JSON.stringify(wakeTool.example)}.`,
      };
    }
    if (wakeTool.name === 'update_report') {
      deps.notes.report = parsed.data as WakeNotes['report'];
      return { toolName: wakeTool.name, outcome: 'noted', output: 'Report saved.' };
    }
    const { observations } = parsed.data as { observations: WakeNotes['observations'] };
    deps.notes.observations.push(...observations);
    return {
      toolName: wakeTool.name,
      outcome: 'noted',
      output: `Recorded ${observations.length} observation${observations.length === 1 ? '' : 's'}.`,
    };
  }

  const resolved = resolveModelToolCall(call.toolName, input.value);
  if (!resolved.ok) {
    return {
      toolName: call.toolName,
      outcome: 'error',
      output: `${resolved.error} Also available: update_report, record_observations.`,
    };
  }
  const { tool } = resolved;

  if (tool.route === 'immediate') {
    const result = await dispatch(deps.db, tool.name, resolved.args, {
      source: 'agent',
      taskId: deps.taskId,
      runKey: deps.runKey,
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

  const parsed = tool.argsSchema.safeParse(resolved.args);
  if (!parsed.success)
    return {
      toolName: tool.name,
      outcome: 'error',
      output: formatArgumentError(tool, parsed.error),
    };
  const proposal = await deps.builder.propose(tool, parsed.data, call.toolCallId);
  const skipped = proposal.skipped.map((item) => `Skipped: ${item.summary} (${item.reason}).`);
  if (proposal.queued.length === 0) {
    return {
      toolName: tool.name,
      outcome: 'skipped',
      output: skipped.join(' ') || 'Skipped: nothing to propose.',
    };
  }
  const queued = `${PROPOSAL_QUEUED} Queued ${proposal.queued.length} item${proposal.queued.length === 1 ? '' : 's'}: ${proposal.queued.join('; ')}.`;
  return { toolName: tool.name, outcome: 'queued', output: [queued, ...skipped].join(' ') };
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

/**
 * Everything about a call that is not IndexedDB, done before its transaction opens (a
 * Dexie transaction ends when it awaits anything else): resolve the tool, parse the
 * arguments, refuse a deferred tool from the agent, hash the operation id, find the task.
 * Private to src/dispatcher: callers go through dispatch() or runStep().
 */
import type { CountersignDatabase } from '../db/database';
import { createJournalReader } from '../db/journal-store';
import { getDeviceId } from '../db/settings';
import { canonicalJson, sha256Hex } from '../domain/canonical-json';
import { NO_NAMES, type ToolContext, type ToolDefinition } from '../tools/tool-definition';
import { formatArgumentError } from './argument-errors';
import type { AuditDraft } from './audit-writer';
import {
  DispatchFailure,
  describeStorageFailure,
  failureOf,
  toolFailure,
  type DispatchAttempt,
} from './dispatch-failure';
import type { DispatchContext, DispatchResult } from './dispatch-types';
import { resolveTool } from './resolve-tool';

/** A call that resolved and parsed, ready to apply inside a transaction. */
export interface PreparedCall {
  // Each tool's Args differ; the tool's own schema has parsed `args`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tool: ToolDefinition<any>;
  args: unknown;
  rawArgs: unknown;
  context: DispatchContext;
  toolContext: ToolContext;
  targetTaskId: string | undefined;
  operationId: string;
  /** A operation key minted here is new: its operation cannot be in the ledger yet. */
  operationKeyIsNew: boolean;
  audit: AuditDraft;
  summary: string;
}

/** The operation id of a call: the same call (run, tool, arguments, task) gives the same id. */
async function operationIdOf(
  operationKey: string,
  toolName: string,
  args: unknown,
  taskId: string | undefined,
): Promise<string> {
  return sha256Hex(
    canonicalJson({ runKey: operationKey, toolName, args: args ?? null, taskId: taskId ?? null }),
  );
}

/** Throws a DispatchFailure, with what to audit, when the call cannot be applied. */
export async function prepareCall(
  db: CountersignDatabase,
  toolName: string,
  rawArgs: unknown,
  context: DispatchContext,
): Promise<PreparedCall> {
  const now = context.now ?? new Date().toISOString();
  const operationKeyIsNew = context.operationKey === undefined;
  const operationKey = context.operationKey ?? `${context.source}:${crypto.randomUUID()}`;
  const resolved = resolveTool(toolName, rawArgs, context.source);
  const name = resolved.ok ? resolved.tool.name : String(toolName);
  const operationId = await operationIdOf(
    operationKey,
    name,
    resolved.ok ? resolved.args : rawArgs,
    context.taskId,
  );
  const audit: AuditDraft = {
    operationKey,
    toolName: name.slice(0, 200),
    operationId,
    taskId: context.taskId,
    source: context.source,
    now,
  };
  let summary = context.summary ?? `Call ${audit.toolName}`;
  const fail = (
    errorMessage: string,
    flags: Pick<DispatchResult, 'nonRetryable' | 'policyDenied' | 'storageFailed'> = {},
  ) => failureOf(errorMessage, operationId, { audit, summary, rawArgs }, flags);

  if (!resolved.ok) throw fail(resolved.error, { nonRetryable: true });
  const tool = resolved.tool;
  const parsed = tool.argsSchema.safeParse(resolved.args);
  if (!parsed.success) throw fail(formatArgumentError(tool, parsed.error));
  const args = parsed.data;
  // From here on the trail names the attempt by what it asked for, failed or not.
  summary = context.summary ?? summarizeSafely(tool, args) ?? summary;
  if (context.source === 'agent' && tool.route !== 'immediate') {
    // The agent proposes, the dispatcher applies: deferred tools only become change items.
    throw fail(
      tool.route === 'noted'
        ? `${tool.name} is handled inside the wake (it records the agent's notes), never dispatched.`
        : `${tool.name} needs the user's confirmation: it is queued as a proposal during a wake and applied only when the user confirms it.`,
      { nonRetryable: true },
    );
  }

  let deviceId: string;
  try {
    deviceId = await getDeviceId(db);
  } catch (error) {
    throw fail(describeStorageFailure(error, { titleOnly: true }), { storageFailed: true });
  }
  const toolContext: ToolContext = {
    source: context.source,
    taskId: context.taskId,
    deviceId,
    now,
  };
  let targetTaskId: string | undefined;
  try {
    targetTaskId = await tool.targetTaskId(args, toolContext, createJournalReader(db));
  } catch (error) {
    const failure = toolFailure(tool, error, operationId, { audit, summary, rawArgs });
    throw failure instanceof DispatchFailure
      ? failure
      : fail(describeStorageFailure(error), { storageFailed: true });
  }
  return {
    tool,
    args,
    rawArgs,
    context,
    toolContext,
    targetTaskId,
    operationId,
    operationKeyIsNew,
    audit,
    summary,
  };
}

export function attemptOf(prepared: PreparedCall): DispatchAttempt {
  return { audit: prepared.audit, summary: prepared.summary, rawArgs: prepared.rawArgs };
}

/** The tool's summary of arguments that parsed; undefined if it cannot make one. */
function summarizeSafely(tool: ToolDefinition<unknown>, args: unknown): string | undefined {
  try {
    return tool.summarize(args, NO_NAMES);
  } catch {
    return undefined;
  }
}

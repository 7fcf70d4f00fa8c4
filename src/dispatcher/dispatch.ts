/**
 * dispatch(): the one write path for journal data (ARCHITECTURE invariants 2 and 3).
 * Looks the tool up, parses the arguments with its schema, enforces the category
 * policy for agent-originated calls, runs the handler inside one IndexedDB transaction
 * together with the ledger row, the audit messages and the outbox row, and never
 * throws: every failure comes back as a result the caller can show or hand to a model.
 *
 * It is two halves, for callers whose own writes must join the same transaction (a
 * confirmation writes its decision with the change it applies): `prepareDispatch` does
 * everything that is not IndexedDB (hashing, parsing) before the transaction opens, and
 * `applyPreparedDispatch` runs inside a transaction over `DISPATCH_TABLES`. Both throw a
 * `DispatchFailure`; `recordDispatchFailure` writes its audit once the transaction is over.
 */
import type { CountersignDatabase } from '../db/database';
import { createJournalReader, createJournalStore } from '../db/journal-store';
import { getDeviceId } from '../db/settings';
import { canonicalJson, sha256Hex } from '../domain/canonical-json';
import type { EntityDiff } from '../domain/audit';
import { actorOf } from '../domain/actor';
import { resolveTool } from './resolve-tool';
import { NO_NAMES, type ToolContext, type ToolDefinition } from '../tools/tool-definition';
import { formatArgumentError } from './argument-errors';
import { checkCategoryPolicy } from './category-policy';
import { clip, writeAuditSafely, type AuditDraft } from './audit-writer';
import {
  DispatchFailure,
  describeStorageFailure,
  failureOf,
  recordDispatchFailure,
  storageFailure,
  toolFailure,
  type DispatchAttempt,
} from './dispatch-failure';
import type { DispatchContext, DispatchResult, MutatedEntry } from './dispatch-types';

export { DispatchFailure, recordDispatchFailure } from './dispatch-failure';

/** A call that resolved and parsed, ready to apply inside a transaction. */
export interface PreparedDispatch {
  // Each tool's Args differ; the tool's own schema has parsed `args`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tool: ToolDefinition<any>;
  args: unknown;
  rawArgs: unknown;
  context: DispatchContext;
  toolContext: ToolContext;
  targetTaskId: string | undefined;
  operationId: string;
  /** A run key minted by prepareDispatch is new: its operation cannot be in the ledger yet. */
  runKeyIsNew: boolean;
  audit: AuditDraft;
  summary: string;
}

/** The tables a dispatch writes or reads; a caller's transaction must span them all. */
export function DISPATCH_TABLES(db: CountersignDatabase) {
  return [
    db.tasks,
    db.checklistItems,
    db.entries,
    db.categories,
    db.labels,
    db.mutations,
    db.auditMessages,
    db.outbox,
    db.agents,
  ];
}

export async function dispatch(
  db: CountersignDatabase,
  toolName: string,
  rawArgs: unknown,
  context: DispatchContext,
): Promise<DispatchResult> {
  let prepared: PreparedDispatch | undefined;
  try {
    prepared = await prepareDispatch(db, toolName, rawArgs, context);
    const ready = prepared;
    // One transaction: the handler's writes, the ledger row, the audit trail and the
    // outbox row commit together or not at all (invariant 3). The scope must be an async
    // function: Dexie keeps a transaction open across native awaits only for those.
    return await db.transaction('rw', DISPATCH_TABLES(db), async () =>
      applyPreparedDispatch(db, ready),
    );
  } catch (error) {
    let failure: DispatchFailure;
    if (error instanceof DispatchFailure) failure = error;
    // The transaction itself failed (storage full, blocked, closed): say what to do.
    else if (prepared) failure = storageFailure(error, prepared.operationId, attemptOf(prepared));
    else {
      // Not even prepared (prepareDispatch throws DispatchFailures only, unless the
      // platform lacks something as basic as Web Crypto): there is no attempt to audit.
      const output = describeStorageFailure(error);
      return { success: false, output, errorMessage: output, operationId: '', mutatedEntries: [] };
    }
    await recordDispatchFailure(db, failure);
    return failure.result;
  }
}

/**
 * Everything before the transaction: resolve the tool, parse the arguments, refuse a
 * deferred tool from the agent, hash the operation id. Throws a DispatchFailure.
 */
export async function prepareDispatch(
  db: CountersignDatabase,
  toolName: string,
  rawArgs: unknown,
  context: DispatchContext,
): Promise<PreparedDispatch> {
  const now = context.now ?? new Date().toISOString();
  // A run key minted here is new by construction, so no ledger row can hold its
  // operation id yet: the "already applied?" lookup is only for keys a caller supplies.
  const runKeyIsNew = context.runKey === undefined;
  const runKey = context.runKey ?? `${context.source}:${crypto.randomUUID()}`;
  const resolved = resolveTool(toolName, rawArgs, context.source);
  const name = resolved.ok ? resolved.tool.name : String(toolName);
  const operationId = await sha256Hex(
    canonicalJson({
      runKey,
      toolName: name,
      args: (resolved.ok ? resolved.args : rawArgs) ?? null,
      taskId: context.taskId ?? null,
    }),
  );
  const audit: AuditDraft = {
    runKey,
    toolName: name.slice(0, 200),
    operationId,
    taskId: context.taskId,
    source: context.source,
    now,
  };
  let summary = context.summary ?? `Call ${audit.toolName}`;
  const fail = (
    errorMessage: string,
    flags: Pick<DispatchResult, 'nonRetryable' | 'policyDenied'> = {},
  ) => failureOf(errorMessage, operationId, { audit, summary, rawArgs }, flags);

  if (!resolved.ok) throw fail(resolved.error, { nonRetryable: true });
  const tool = resolved.tool;
  const parsed = tool.argsSchema.safeParse(resolved.args);
  if (!parsed.success) throw fail(formatArgumentError(tool, parsed.error));
  const args = parsed.data;
  // From here on the trail names the attempt by what it asked for, failed or not.
  summary = context.summary ?? summarizeSafely(tool, args) ?? summary;
  if (context.source === 'agent' && tool.route !== 'immediate') {
    // Invariant 1: deferred tools only ever become change items, never direct writes.
    throw fail(
      `${tool.name} needs the user's confirmation: it is queued as a proposal during a wake and applied only when the user confirms it.`,
      { nonRetryable: true },
    );
  }

  let deviceId: string;
  try {
    deviceId = await getDeviceId(db);
  } catch (error) {
    throw fail(describeStorageFailure(error, { titleOnly: true }));
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
    throw failure instanceof DispatchFailure ? failure : fail(describeStorageFailure(error));
  }
  return {
    tool,
    args,
    rawArgs,
    context,
    toolContext,
    targetTaskId,
    operationId,
    runKeyIsNew,
    audit,
    summary,
  };
}

/**
 * Applies a prepared call. Must run inside a readwrite transaction over DISPATCH_TABLES
 * (and whatever else the caller writes with it); awaits nothing but IndexedDB. Throws a
 * DispatchFailure, so the caller's transaction aborts and nothing of the call remains.
 */
export async function applyPreparedDispatch(
  db: CountersignDatabase,
  prepared: PreparedDispatch,
): Promise<DispatchResult> {
  const { tool, args, context, toolContext, targetTaskId, operationId } = prepared;
  const attempt = attemptOf(prepared);
  if (!prepared.runKeyIsNew) {
    const previous = await db.mutations.get(operationId);
    if (previous?.status === 'applied') {
      return {
        success: true,
        output: previous.result ?? 'Already applied.',
        alreadyApplied: true,
        operationId,
        mutatedEntries: [],
      };
    }
  }
  if (actorOf(context.source) === 'agent') {
    const reader = createJournalReader(db);
    const denial = await checkCategoryPolicy(db, reader, targetTaskId, context.agentId);
    if (denial) {
      throw failureOf(denial, operationId, attempt, { policyDenied: true, nonRetryable: true });
    }
  }

  const store = createJournalStore(db, {
    deviceId: toolContext.deviceId,
    now: toolContext.now,
    recordDiffs: tool.recordsDiffs !== false,
  });
  let result;
  try {
    result = await tool.handle(args, store, toolContext);
  } catch (error) {
    throw toolFailure(tool, error, operationId, attempt);
  }
  const diffs = store.diffs;
  const summary = context.summary ?? tool.summarize(args, namesFromDiffs(diffs));
  // A call that creates its task (create_task) names no task up front; the trail and the
  // ledger file it under the task it created.
  const taskId = targetTaskId ?? createdTaskId(diffs);
  const now = toolContext.now;
  // Every write below is issued at once, in this order, and awaited together: IndexedDB
  // applies a transaction's requests in order, and one failure fails the transaction.
  const written: Promise<unknown>[] = [store.flush()];
  if (!result.noop) {
    written.push(
      db.mutations.put({
        operationId,
        toolName: tool.name,
        source: context.source,
        taskId,
        status: 'applied',
        attempts: 1,
        diffs,
        result: result.output,
        createdAt: now,
      }),
    );
    if (diffs.length > 0)
      written.push(db.outbox.add({ id: crypto.randomUUID(), operationId, diffs, createdAt: now }));
  }
  written.push(
    writeAuditSafely(db, { ...prepared.audit, taskId }, [
      { kind: 'action', summary, payload: { args: clip(prepared.rawArgs) } },
      {
        kind: 'toolResult',
        summary: result.output,
        outcome: result.noop ? 'noop' : 'success',
        payload: { output: result.output },
      },
    ]),
  );
  await Promise.all(written);
  return {
    success: true,
    output: result.output,
    noop: result.noop ?? false,
    data: result.data,
    operationId,
    mutatedEntries: mutatedEntriesOf(diffs),
  };
}

function attemptOf(prepared: PreparedDispatch): DispatchAttempt {
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

/** The id of the one task a call created, if it created exactly one. */
function createdTaskId(diffs: readonly EntityDiff[]): string | undefined {
  const created = diffs.filter((diff) => diff.table === 'tasks' && diff.before === null);
  return created.length === 1 ? created[0]!.id : undefined;
}

function mutatedEntriesOf(
  diffs: { table: string; id: string; after: Record<string, unknown> | null }[],
): MutatedEntry[] {
  return diffs.map((diff) => ({
    table: diff.table,
    id: diff.id,
    taskId:
      typeof diff.after?.taskId === 'string'
        ? diff.after.taskId
        : diff.table === 'tasks'
          ? diff.id
          : undefined,
    vectorClock: (diff.after?.vectorClock ?? {}) as Record<string, number>,
  }));
}

function namesFromDiffs(
  diffs: { table: string; id: string; before: Record<string, unknown> | null }[],
) {
  const titles = new Map<string, string>();
  for (const diff of diffs) {
    if (diff.table === 'checklistItems' && typeof diff.before?.title === 'string')
      titles.set(diff.id, diff.before.title);
  }
  return { ...NO_NAMES, checklistItemTitle: (id: string) => titles.get(id) };
}

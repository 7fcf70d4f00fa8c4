/**
 * dispatch(): the one write path for journal data (ARCHITECTURE invariants 2 and 3).
 * Looks the tool up, parses the arguments with its schema, enforces the category
 * policy for agent-originated calls, runs the handler inside one IndexedDB transaction
 * together with the ledger row, the audit messages and the outbox row, and never
 * throws: every failure comes back as a result the caller can show or hand to a model.
 */
import { ZodError } from 'zod';
import type { CountersignDatabase } from '../db/database';
import { createJournalReader, createJournalStore } from '../db/journal-store';
import { getDeviceId } from '../db/settings';
import { describeStorageProblem } from '../db/storage-problem';
import { canonicalJson, sha256Hex } from '../domain/canonical-json';
import { EntityNotFoundError } from '../domain/errors';
import { actorOf } from '../domain/actor';
import { resolveTool } from './resolve-tool';
import { NO_NAMES, type ToolOutcome } from '../tools/tool-definition';
import { ToolInputError } from '../tools/tool-errors';
import { formatArgumentError } from './argument-errors';
import { checkCategoryPolicy } from './category-policy';
import { writeAuditSafely, type AuditDraft } from './audit-writer';
import type { DispatchContext, DispatchResult, MutatedEntry } from './dispatch-types';

export async function dispatch(
  db: CountersignDatabase,
  toolName: string,
  rawArgs: unknown,
  context: DispatchContext,
): Promise<DispatchResult> {
  const now = context.now ?? new Date().toISOString();
  const runKey = context.runKey ?? `${context.source}:${crypto.randomUUID()}`;
  const resolved = resolveTool(toolName, rawArgs, context.source);
  const operationId = await sha256Hex(
    canonicalJson({
      runKey,
      toolName: resolved.ok ? resolved.tool.name : String(toolName),
      args: (resolved.ok ? resolved.args : rawArgs) ?? null,
      taskId: context.taskId ?? null,
    }),
  );
  const audit: AuditDraft = {
    runKey,
    toolName: (resolved.ok ? resolved.tool.name : String(toolName)).slice(0, 200),
    operationId,
    taskId: context.taskId,
    source: context.source,
    now,
  };
  const fail = async (
    result: Omit<DispatchResult, 'success' | 'operationId' | 'mutatedEntries' | 'output'> & {
      errorMessage: string;
    },
  ) => {
    await writeAuditSafely(db, audit, [
      {
        kind: 'action',
        summary: context.summary ?? `Call ${audit.toolName}`,
        payload: { args: clip(rawArgs) },
      },
      {
        kind: result.policyDenied ? 'policyDenied' : 'toolResult',
        summary: result.errorMessage,
        outcome: result.policyDenied ? 'denied' : 'failure',
        payload: { error: result.errorMessage },
      },
    ]);
    return {
      success: false,
      output: result.errorMessage,
      operationId,
      mutatedEntries: [],
      ...result,
    };
  };

  if (!resolved.ok) return fail({ errorMessage: resolved.error, nonRetryable: true });
  const tool = resolved.tool;
  const parsed = tool.argsSchema.safeParse(resolved.args);
  if (!parsed.success) return fail({ errorMessage: formatArgumentError(tool, parsed.error) });
  const args = parsed.data;
  if (context.source === 'agent' && tool.route !== 'immediate') {
    // Invariant 1: deferred tools only ever become change items, never direct writes.
    return fail({
      errorMessage: `${tool.name} needs the user's confirmation: it is queued as a proposal during a wake and applied only when the user confirms it.`,
      nonRetryable: true,
    });
  }

  let deviceId: string;
  try {
    deviceId = await getDeviceId(db);
  } catch (error) {
    return fail({ errorMessage: describeStorageProblem(error).title });
  }
  const toolContext = { source: context.source, taskId: context.taskId, deviceId, now };

  try {
    const reader = createJournalReader(db);
    const targetTaskId = await tool.targetTaskId(args, toolContext, reader);
    // One transaction: the handler's writes, the ledger row, the audit trail and the
    // outbox row commit together or not at all (invariant 3). Nothing inside awaits
    // anything but IndexedDB, so the transaction stays open.
    const outcome = await db.transaction(
      'rw',
      [
        db.tasks,
        db.checklistItems,
        db.entries,
        db.categories,
        db.labels,
        db.mutations,
        db.auditMessages,
        db.outbox,
        db.agents,
      ],
      async () => {
        const previous = await db.mutations.get(operationId);
        if (previous?.status === 'applied') {
          return { kind: 'alreadyApplied' as const, output: previous.result ?? 'Already applied.' };
        }
        if (actorOf(context.source) === 'agent') {
          const denial = await checkCategoryPolicy(db, reader, targetTaskId, context.agentId);
          if (denial) return { kind: 'denied' as const, reason: denial };
        }
        const store = createJournalStore(db, {
          deviceId,
          now,
          recordDiffs: tool.recordsDiffs !== false,
        });
        const result: ToolOutcome = await tool.handle(args, store, toolContext);
        const summary = context.summary ?? tool.summarize(args, namesFromDiffs(store.diffs));
        if (!result.noop) {
          await db.mutations.put({
            operationId,
            toolName: tool.name,
            source: context.source,
            taskId: targetTaskId,
            status: 'applied',
            attempts: 1,
            diffs: store.diffs,
            result: result.output,
            createdAt: now,
          });
          if (store.diffs.length > 0) {
            await db.outbox.add({
              id: crypto.randomUUID(),
              operationId,
              diffs: store.diffs,
              createdAt: now,
            });
          }
        }
        await writeAuditSafely(db, { ...audit, taskId: targetTaskId }, [
          { kind: 'action', summary, payload: { args: clip(rawArgs) } },
          {
            kind: 'toolResult',
            summary: result.output,
            outcome: result.noop ? 'noop' : 'success',
            payload: { output: result.output },
          },
        ]);
        return { kind: 'applied' as const, result, diffs: store.diffs };
      },
    );
    if (outcome.kind === 'alreadyApplied') {
      return {
        success: true,
        output: outcome.output,
        alreadyApplied: true,
        operationId,
        mutatedEntries: [],
      };
    }
    if (outcome.kind === 'denied')
      return fail({ errorMessage: outcome.reason, policyDenied: true, nonRetryable: true });
    return {
      success: true,
      output: outcome.result.output,
      noop: outcome.result.noop ?? false,
      data: outcome.result.data,
      operationId,
      mutatedEntries: mutatedEntriesOf(outcome.diffs),
    };
  } catch (error) {
    if (error instanceof ToolInputError) return fail({ errorMessage: error.message });
    if (error instanceof EntityNotFoundError)
      return fail({ errorMessage: error.message, nonRetryable: true });
    if (error instanceof ZodError) return fail({ errorMessage: formatArgumentError(tool, error) });
    const problem = describeStorageProblem(error);
    return fail({ errorMessage: `${problem.title}. ${problem.advice}` });
  }
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

/** Arguments as recorded in the audit trail: bounded, so a 1 MB string cannot bloat it. */
function clip(value: unknown): unknown {
  const text = (() => {
    try {
      return JSON.stringify(value) ?? 'undefined';
    } catch {
      return String(value);
    }
  })();
  return text.length > 2_000 ? `${text.slice(0, 2_000)}… (${text.length} characters)` : value;
}

/**
 * Applies a prepared call inside the caller's transaction (runStep owns it): the operation
 * already applied is recognised, the agent's policy is checked (fail closed), the handler
 * runs on the transaction's journal store, and the ledger row and audit messages are
 * collected for the transaction's end. Awaits nothing but IndexedDB. Throws a
 * DispatchFailure, so the transaction aborts and nothing of the call remains.
 * Private to src/dispatcher.
 */
import { actorOf } from '../domain/actor';
import type { EntityDiff } from '../domain/entity-diff';
import { NO_NAMES } from '../tools/tool-definition';
import { clip } from '../lib/clip-for-audit';
import { checkCategoryPolicy } from './category-policy';
import { failureOf, toolFailure } from './dispatch-failure';
import type { DispatchResult, MutatedEntry } from './dispatch-types';
import { attemptOf, type PreparedCall } from './prepare-call';
import type { TransactionWrites } from './write-scope';

export interface AppliedCall {
  result: DispatchResult;
  /** The journal rows it wrote, before and after: its part of the operation's outbox row. */
  diffs: EntityDiff[];
}

export async function applyCall(
  prepared: PreparedCall,
  { store, writes, scope }: TransactionWrites,
): Promise<AppliedCall> {
  const { tool, args, context, toolContext, targetTaskId, operationId } = prepared;
  if (!prepared.operationKeyIsNew) {
    const previous = await writes.previousOperation(operationId);
    if (previous) {
      const output = previous.result ?? 'Already applied.';
      return {
        result: { success: true, output, alreadyApplied: true, operationId, mutatedEntries: [] },
        diffs: [],
      };
    }
  }
  if (actorOf(context.source) === 'agent') {
    const denial = await checkCategoryPolicy(store, targetTaskId, context.agentId);
    if (denial)
      throw failureOf(denial, operationId, attemptOf(prepared), {
        policyDenied: true,
        nonRetryable: true,
      });
  }

  const step = store.beginStep({ now: toolContext.now, recordDiffs: tool.recordsDiffs !== false });
  let outcome;
  try {
    outcome = await tool.handle(args, store, toolContext);
  } catch (error) {
    throw toolFailure(tool, error, operationId, attemptOf(prepared));
  }
  // Sent now, so whatever the transaction reads next sees them; awaited at its end (a
  // failed write fails the transaction there), so the next step need not wait for them.
  store.send();
  const diffs = store.diffsSince(step);
  // A task deleted or restored takes its pending proposals out of the inbox or back in.
  const lifeChanged = tasksWhoseLifeChanged(diffs);
  if (lifeChanged.length > 0)
    await scope.changeItems.reindexTasks(lifeChanged, {
      deviceId: toolContext.deviceId,
      now: toolContext.now,
    });

  const summary = context.summary ?? tool.summarize(args, namesFromDiffs(diffs));
  // A call that creates its task (create_task) names no task up front; the trail and the
  // ledger file it under the task it created.
  const taskId = targetTaskId ?? createdTaskId(diffs);
  if (!outcome.noop) {
    writes.addLedgerRow({
      operationId,
      toolName: tool.name,
      source: context.source,
      taskId,
      diffs,
      result: outcome.output,
      createdAt: toolContext.now,
      ...(context.remoteKinds ? { remoteKinds: [...context.remoteKinds] } : {}),
    });
  }
  // Another device's operation that changes nothing here (already in the snapshot this
  // device started from, or older than every row it names) leaves no trace: Activity
  // would show a change that never happened here.
  if (!(outcome.noop && context.source === 'sync'))
    writes.addAudit({ ...prepared.audit, taskId }, [
      { kind: 'action', summary, payload: { args: clip(prepared.rawArgs) } },
      {
        kind: 'toolResult',
        summary: outcome.output,
        outcome: outcome.noop ? 'noop' : 'success',
        payload: { output: outcome.output },
      },
    ]);
  return {
    result: {
      success: true,
      output: outcome.output,
      noop: outcome.noop ?? false,
      data: outcome.data,
      operationId,
      mutatedEntries: mutatedEntriesOf(diffs),
    },
    diffs: outcome.noop ? [] : diffs,
  };
}

function tasksWhoseLifeChanged(diffs: readonly EntityDiff[]): string[] {
  return diffs
    .filter(
      (diff) =>
        diff.table === 'tasks' &&
        (diff.before?.deletedAt === undefined) !== (diff.after?.deletedAt === undefined),
    )
    .map((diff) => diff.id);
}

/** The id of the one task a call created, if it created exactly one. */
function createdTaskId(diffs: readonly EntityDiff[]): string | undefined {
  const created = diffs.filter((diff) => diff.table === 'tasks' && diff.before === null);
  return created.length === 1 ? created[0]!.id : undefined;
}

function mutatedEntriesOf(diffs: readonly EntityDiff[]): MutatedEntry[] {
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

function namesFromDiffs(diffs: readonly EntityDiff[]) {
  const titles = new Map<string, string>();
  for (const diff of diffs) {
    if (diff.table === 'checklistItems' && typeof diff.before?.title === 'string')
      titles.set(diff.id, diff.before.title);
  }
  return { ...NO_NAMES, checklistItemTitle: (id: string) => titles.get(id) };
}

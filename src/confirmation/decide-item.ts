/**
 * Deciding one proposed change, confirmed or rejected: the one step both verdicts, Confirm
 * All and trusted-tool rules are built from. Inside the dispatcher's transaction the item
 * is re-read; an item no longer pending, past its expiry, or (for a confirmation) whose
 * fields the person changed since the proposal is refused; otherwise the change is applied
 * through dispatch() with the decision, the item's status, its set's counts and the inbox
 * tallies, all in the same transaction (docs/decisions/0002-a-confirmation-is-one-transaction.md).
 */
import type { CountersignDatabase } from '../db/database';
import { getDeviceId } from '../db/settings';
import {
  changeItemId,
  type ChangeItem,
  type Decision,
  type DecisionMethod,
} from '../domain/change-set';
import type { EntityDiff } from '../domain/entity-diff';
import type { DispatchContext } from '../dispatcher/dispatch-types';
import { runOperation, type Operation, type OperationOutcome } from '../dispatcher/run-operations';
import { newDecision } from './decision-record';
import { describeStaleness } from './describe-staleness';
import { alreadyDecided, storageProblemResult, type ReviewResult } from './review-result';
import { itemStaleness } from './staleness';

export type Verdict = (
  | {
      verdict: 'confirmed';
      /** `rule`: applied by a trusted-tool rule, not by a person. */
      actor: 'user' | 'rule';
      /** The person saw the field changed since the proposal and wants it applied anyway. */
      applyAnyway?: boolean;
      /** The arguments the person edited the proposal to (confirmed with changes). */
      args?: Record<string, unknown>;
      /** The summary of the edited arguments. */
      summary?: string;
    }
  | { verdict: 'rejected'; reason?: string }
) & {
  /** How it was made, kept on the decision for Activity on every device. */
  method?: DecisionMethod;
};

export type Refusal =
  | { kind: 'missing' }
  | { kind: 'decided'; status: string }
  | { kind: 'expired' }
  | { kind: 'twin' }
  | { kind: 'stale'; message: string };

export interface Decided {
  decision: Decision;
  item: ChangeItem;
}

export interface DecisionContext {
  agentId: string;
  deviceId: string;
  now: string;
}

/** The step that decides `item` (as read before the transaction) in the dispatcher's transaction. */
export function decisionStep(
  item: ChangeItem,
  verdict: Verdict,
  context: DecisionContext,
): Operation<Refusal, Decided> {
  const { deviceId, now } = context;
  let fresh: ChangeItem | undefined;
  let categoryId: string | undefined;
  // Read with every other step's when the transaction opens (Confirm All: one request).
  const reads = {
    changeItems: [item.id],
    changeSets: [item.changeSetId],
    tasks: [item.taskId],
    twinsOf: [item],
  };
  const guard: Operation<Refusal, Decided>['guard'] = async (journal, scope) => {
    fresh = await scope.changeItems.item(item.id);
    if (!fresh || fresh.deletedAt !== undefined) return { kind: 'missing' };
    if (fresh.status !== 'pending') return { kind: 'decided', status: fresh.status };
    if (fresh.expiresAt !== undefined && fresh.expiresAt <= now) return { kind: 'expired' };
    const task = await journal.task(fresh.taskId);
    // Pending on a live task but out of the inbox: the twin of one change proposed on
    // another device too, which is decided (or waits) as the other (decision 0016).
    if (fresh.pendingKey === undefined && task && task.deletedAt === undefined)
      return { kind: 'twin' };
    categoryId = task?.categoryId;
    if (verdict.verdict === 'confirmed' && !verdict.applyAnyway) {
      const staleness = await itemStaleness(journal, fresh.taskId, fresh);
      if (staleness.stale) {
        const changed = describeStaleness(staleness) ?? 'Changed since proposed';
        return {
          kind: 'stale',
          message: `${changed}. Applying it would overwrite that change; choose "Apply anyway" if you still want it.`,
        };
      }
    }
    return undefined;
  };
  const followUp: Operation<Refusal, Decided>['followUp'] = async (applied, scope) => {
    const current = fresh!;
    const decision = newDecision({
      item: current,
      verdict: verdict.verdict,
      actor: verdict.verdict === 'confirmed' ? verdict.actor : 'user',
      deviceId,
      now,
      categoryId,
      ...(verdict.verdict === 'rejected' ? { rejectionReason: verdict.reason } : {}),
      ...(verdict.verdict === 'confirmed' && verdict.args ? { appliedArgs: verdict.args } : {}),
      operationId: applied?.operationId || undefined,
      ...(verdict.method ? { method: verdict.method } : {}),
    });
    // Added, and counted in the decision figures, with the transaction's other rows.
    scope.addDecision(decision);
    const itemDiffs = await scope.changeItems.write(
      [{ before: current, after: { ...current, status: verdict.verdict } }],
      { deviceId, now },
    );
    const diffs: EntityDiff[] = [
      { table: 'decisions', id: decision.id, before: null, after: decision },
      ...itemDiffs,
    ];
    return {
      value: { decision, item: current },
      diffs,
      claim: {
        changeSetId: current.changeSetId,
        itemIndex: current.itemIndex,
        decisionId: decision.id,
        verdict: verdict.verdict,
      },
    };
  };

  if (verdict.verdict === 'confirmed') {
    const call = {
      toolName: item.toolName,
      args: verdict.args ?? item.args,
      context: {
        source: verdict.actor === 'rule' ? 'rule' : 'confirmation',
        taskId: item.taskId,
        agentId: context.agentId,
        // Ties the operation to this item as it waits now: a retried confirmation is
        // recognised, never applied twice, and one made after an undo (which wrote the item
        // again) is an operation of its own.
        operationKey: `confirm:${item.changeSetId}:${item.itemIndex}:${item.rev}`,
        summary: verdict.summary ?? item.humanSummary,
        now,
      } satisfies DispatchContext,
    };
    return { call, kind: 'decision', reads, guard, followUp };
  }
  // A fresh key per rejection: the pending check makes a rejection happen once, and a
  // rejection undone and made again must be a new operation.
  const runKey = `reject:${item.id}:${crypto.randomUUID()}`;
  // A rejected label is suppressed on the task, in the same transaction; the suppression's
  // operation goes on the decision, so undoing the rejection lifts it.
  const call =
    item.toolName === 'assign_task_label'
      ? {
          toolName: 'suppress_task_label',
          args: { id: item.args.id },
          context: {
            source: 'user',
            taskId: item.taskId,
            operationKey: runKey,
            now,
          } satisfies DispatchContext,
        }
      : undefined;
  return { call, operationKey: runKey, kind: 'decision', reads, guard, followUp };
}

/** Reads the item (and its set's agent) a decision needs before its transaction. */
async function readItemForDecision(
  db: CountersignDatabase,
  changeSetId: string,
  itemIndex: number,
): Promise<{ item: ChangeItem; agentId: string } | undefined> {
  // One transaction for both reads: a swipe waits for it before its own can open.
  const [item, set] = await db.transaction('r', [db.changeItems, db.changeSets], () =>
    Promise.all([
      db.changeItems.get(changeItemId(changeSetId, itemIndex)),
      db.changeSets.get(changeSetId),
    ]),
  );
  if (!item || !set || item.deletedAt !== undefined) return undefined;
  return { item, agentId: set.agentId };
}

/**
 * The item as the caller already has it (the row on screen) and its set's agent. The
 * decision then reads nothing before its transaction, which re-reads the item anyway: a
 * copy that went stale meanwhile (decided elsewhere, deleted) is refused there, never
 * applied. After a touch, Chromium answers IndexedDB only after the next frame, so the
 * read this skips cost a swipe a whole frame before its transaction could open.
 */
export interface ShownItem {
  item: ChangeItem;
  agentId: string;
}

/** The shown item, if it is the one named (a caller's mix-up is read from storage instead). */
export function shownIfNamed(
  shown: ShownItem | undefined,
  changeSetId: string,
  itemIndex: number,
): ShownItem | undefined {
  return shown?.item.id === changeItemId(changeSetId, itemIndex) ? shown : undefined;
}

/** Runs one decision in its own transaction and says what happened, in words. Never throws. */
export async function decideItem(
  db: CountersignDatabase,
  changeSetId: string,
  itemIndex: number,
  verdict: Verdict,
  now: string,
  shown?: ShownItem,
): Promise<ReviewResult> {
  let deviceId: string;
  let read: Awaited<ReturnType<typeof readItemForDecision>>;
  const known = shownIfNamed(shown, changeSetId, itemIndex);
  try {
    [deviceId, read] = await Promise.all([
      getDeviceId(db),
      known ?? readItemForDecision(db, changeSetId, itemIndex),
    ]);
  } catch (error) {
    return storageProblemResult(error);
  }
  const context = { deviceId, now };
  if (!read) return { status: 'missing', message: 'This proposal no longer exists.' };
  if (read.item.status !== 'pending') return alreadyDecided(read.item.status);
  const step = decisionStep(read.item, verdict, { ...context, agentId: read.agentId });
  const outcome = await runOperation(db, step, { tables: ['decisions'] });
  return describeOutcome(db, read.item, verdict, outcome, context);
}

/** The outcome of a decision step in words; a failure that can never succeed sets the item aside. */
export async function describeOutcome(
  db: CountersignDatabase,
  item: ChangeItem,
  verdict: Verdict,
  outcome: OperationOutcome<Refusal, Decided>,
  context: Omit<DecisionContext, 'agentId'>,
): Promise<ReviewResult> {
  switch (outcome.kind) {
    case 'refused':
      return describeRefusal(db, item, outcome.refusal, context);
    case 'done': {
      const decisionId = outcome.value?.decision.id;
      if (verdict.verdict === 'rejected')
        return { status: 'rejected', message: `Rejected: ${item.humanSummary}.`, decisionId };
      const summary = verdict.summary ?? item.humanSummary;
      return {
        status: 'applied',
        message: outcome.result?.noop
          ? `Nothing to change: ${outcome.result.output}`
          : `Applied: ${summary}.`,
        decisionId,
      };
    }
    case 'failed': {
      const { result } = outcome;
      if (result.policyDenied) return { status: 'denied', message: result.output };
      if (result.nonRetryable && verdict.verdict === 'confirmed') {
        await setItemAside(db, item, result.output, context);
        return {
          status: 'failed-permanently',
          message: `This change can no longer be applied: ${result.output}`,
        };
      }
      const verb = verdict.verdict === 'confirmed' ? 'Not applied' : 'Not rejected';
      return { status: 'failed', message: `${verb}: ${result.output}` };
    }
  }
}

async function describeRefusal(
  db: CountersignDatabase,
  item: ChangeItem,
  refusal: Refusal,
  context: Omit<DecisionContext, 'agentId'>,
): Promise<ReviewResult> {
  switch (refusal.kind) {
    case 'missing':
      return { status: 'missing', message: 'This proposal no longer exists.' };
    case 'decided':
      return alreadyDecided(refusal.status);
    case 'stale':
      return { status: 'stale', message: refusal.message };
    case 'twin':
      return {
        status: 'already-decided',
        message:
          'The same change was proposed on another device too. It is reviewed once, as that proposal.',
      };
    case 'expired':
      await expireItemsNow(db, [item], context);
      return { status: 'expired', message: 'This proposal expired before it was reviewed.' };
  }
}

/** A failure that can never succeed: out of the pending list, with the reason. */
async function setItemAside(
  db: CountersignDatabase,
  item: ChangeItem,
  reason: string,
  context: Omit<DecisionContext, 'agentId'>,
): Promise<void> {
  await runOperation(db, {
    operationKey: `failed:${item.id}:${context.now}`,
    kind: 'decision',
    reads: { changeItems: [item.id] },
    guard: async (_journal, scope) => {
      const fresh = await scope.changeItems.item(item.id);
      return fresh?.status === 'pending' ? undefined : { kind: 'decided' as const, status: '' };
    },
    followUp: async (_applied, scope) => {
      const fresh = (await scope.changeItems.item(item.id))!;
      const diffs = await scope.changeItems.write(
        [{ before: fresh, after: { ...fresh, status: 'failed', error: reason.slice(0, 2_000) } }],
        context,
      );
      return { value: undefined, diffs };
    },
  });
}

/**
 * Items past their expiry become "expired" (not rejected) with a decision by the system,
 * so the agent hears "not reviewed". One operation for the lot.
 */
export async function expireItemsNow(
  db: CountersignDatabase,
  items: readonly ChangeItem[],
  context: Omit<DecisionContext, 'agentId'>,
): Promise<number> {
  if (items.length === 0) return 0;
  const outcome = await runOperation(
    db,
    {
      operationKey: `expire:${context.now}:${items[0]!.id}`,
      kind: 'expiry',
      reads: { changeItems: items.map((item) => item.id) },
      followUp: async (_applied, scope) => {
        const fresh = (
          await Promise.all(items.map((item) => scope.changeItems.item(item.id)))
        ).filter((row): row is ChangeItem => row?.status === 'pending');
        const tasks = await db.tasks.bulkGet([...new Set(fresh.map((item) => item.taskId))]);
        const categoryOf = new Map(
          tasks.flatMap((task) => (task ? [[task.id, task.categoryId]] : [])),
        );
        const decisions = fresh.map((item) =>
          newDecision({
            item,
            verdict: 'expired',
            actor: 'system',
            categoryId: categoryOf.get(item.taskId),
            ...context,
          }),
        );
        for (const decision of decisions) scope.addDecision(decision);
        const itemDiffs = await scope.changeItems.write(
          fresh.map((item) => ({ before: item, after: { ...item, status: 'expired' } })),
          context,
        );
        const diffs: EntityDiff[] = [
          ...decisions.map((decision) => ({
            table: 'decisions',
            id: decision.id,
            before: null,
            after: decision,
          })),
          ...itemDiffs,
        ];
        return { value: fresh.length, diffs };
      },
    },
    { tables: ['decisions'] },
  );
  return outcome.kind === 'done' ? (outcome.value ?? 0) : 0;
}

/**
 * Undo of a confirmed change: puts back the pre-image recorded in the ledger with the
 * mutation, through dispatch() with source `undo`, and marks the decision undone, in one
 * transaction. It refuses when any row was changed since (undo would overwrite that).
 * Undo of a rejection puts the item back up for review (and lifts a label suppression
 * the rejection made, the same way).
 */
import type { CountersignDatabase } from '../db/database';
import { getDeviceId } from '../db/settings';
import { describeStorageProblem } from '../db/storage-problem';
import type { EntityDiff } from '../domain/audit';
import { canonicalJson } from '../domain/canonical-json';
import {
  applyPreparedDispatch,
  DISPATCH_TABLES,
  DispatchFailure,
  prepareDispatch,
} from '../dispatcher/dispatch';
import type { ReviewResult } from './review-result';
import { putItemStatus } from './update-change-set';

export async function undoDecision(
  db: CountersignDatabase,
  decisionId: string,
  options: { now?: () => Date } = {},
): Promise<ReviewResult> {
  const now = (options.now?.() ?? new Date()).toISOString();
  const decision = await db.decisions.get(decisionId);
  if (!decision || (decision.verdict !== 'confirmed' && decision.verdict !== 'rejected'))
    return { status: 'missing', message: 'There is nothing to undo.' };
  const rejection = decision.verdict === 'rejected';
  if (decision.undoneAt)
    return { status: 'already-decided', message: 'This change was already undone.' };
  const mutation = decision.operationId ? await db.mutations.get(decision.operationId) : undefined;
  try {
    const deviceId = await getDeviceId(db);
    const diffs = mutation?.diffs ?? [];
    const prepared =
      diffs.length > 0
        ? await prepareDispatch(
            db,
            'restore_entities',
            { restorations: diffs.map(({ table, id, before }) => ({ table, id, before })) },
            {
              source: 'undo',
              taskId: decision.taskId,
              runKey: `undo:${decisionId}`,
              summary: `Undo: ${decision.humanSummary ?? decision.toolName}`,
              now,
            },
          )
        : undefined;
    const outcome = await db.transaction(
      'rw',
      [...DISPATCH_TABLES(db), db.changeSets, db.decisions],
      async () => {
        const fresh = await db.decisions.get(decisionId);
        if (!fresh || fresh.undoneAt) return { kind: 'done-already' as const };
        const changed = await changedSince(db, diffs);
        if (changed) return { kind: 'changed' as const, table: changed };
        if (prepared) await applyPreparedDispatch(db, prepared);
        await db.decisions.put({ ...fresh, undoneAt: now, updatedAt: now, rev: fresh.rev + 1 });
        const set = await db.changeSets.get(fresh.changeSetId);
        // A rejected item waits for review again; a confirmed one is done with (undone).
        const [from, to] = rejection
          ? (['rejected', 'pending'] as const)
          : (['confirmed', 'undone'] as const);
        if (set?.items[fresh.itemIndex]?.status === from) {
          await putItemStatus(db, set, fresh.itemIndex, { status: to }, deviceId, now);
        }
        return { kind: 'undone' as const };
      },
    );
    if (outcome.kind === 'done-already')
      return { status: 'already-decided', message: 'This change was already undone.' };
    if (outcome.kind === 'changed') {
      return {
        status: 'cannot-undo',
        message: `Cannot undo "${decision.humanSummary ?? decision.toolName}": the ${outcome.table} was changed after it was applied, and undoing would overwrite that change.`,
      };
    }
    return {
      status: 'undone',
      message: rejection
        ? `Rejection undone: "${decision.humanSummary ?? decision.toolName}" waits for review again.`
        : `Undone: ${decision.humanSummary ?? decision.toolName}.`,
      decisionId,
    };
  } catch (error) {
    if (error instanceof DispatchFailure)
      return { status: 'cannot-undo', message: `Cannot undo: ${error.result.output}` };
    const problem = describeStorageProblem(error);
    return { status: 'failed', message: `${problem.title}. ${problem.advice}` };
  }
}

/** Undoes several decisions, newest first (the order they must be peeled off in). */
export async function undoDecisions(
  db: CountersignDatabase,
  decisionIds: string[],
): Promise<ReviewResult> {
  const results = [];
  for (const decisionId of [...decisionIds].reverse())
    results.push(await undoDecision(db, decisionId));
  const undone = results.filter((result) => result.status === 'undone').length;
  const refused = results.filter(
    (result) => result.status !== 'undone' && result.status !== 'already-decided',
  );
  if (refused.length === 0)
    return { status: 'undone', message: `Undid ${undone} change${undone === 1 ? '' : 's'}.` };
  return {
    status: undone > 0 ? 'undone' : 'cannot-undo',
    message: `Undid ${undone} change${undone === 1 ? '' : 's'}; ${refused.length} could not be undone: ${refused.map((result) => result.message).join(' ')}`,
  };
}

const TABLE_WORDS: Record<string, string> = {
  tasks: 'task',
  checklistItems: 'checklist item',
  entries: 'journal entry',
  categories: 'category',
  labels: 'label',
};

/**
 * What a row says, without the write bookkeeping (rev, clock, time): undoing a later
 * change to the same row (Confirm all's Undo peels them off newest first) restores this
 * mutation's result with a new rev, and that is not a change to protect.
 */
function contentOf(row: Record<string, unknown> | null | undefined): string | null {
  if (!row) return null;
  const { rev: _rev, vectorClock: _clock, updatedAt: _updatedAt, ...content } = row;
  return canonicalJson(content);
}

/** The first row whose current content is not what the mutation left behind, if any. */
async function changedSince(
  db: CountersignDatabase,
  diffs: EntityDiff[],
): Promise<string | undefined> {
  for (const diff of diffs) {
    const table = db.table(diff.table);
    const current = (await table.get(diff.id)) as Record<string, unknown> | undefined;
    const after = diff.after as Record<string, unknown> | null;
    if (contentOf(current) !== contentOf(after)) return TABLE_WORDS[diff.table] ?? diff.table;
  }
  return undefined;
}

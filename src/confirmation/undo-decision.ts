/**
 * Undo of a decision. A confirmed change: the pre-image recorded in the ledger with the
 * mutation is put back through dispatch() (source `undo`), refused when any row was
 * changed since (undo would overwrite that). A rejection: a label suppression it made is
 * lifted the same way. Either way the item waits for review again (its set reopens) and
 * the decision is marked undone, in the same transaction.
 */
import type { CountersignDatabase } from '../db/database';
import { getDeviceId } from '../db/settings';
import { readLoadedSnapshot } from '../db/sync-settings';
import type { EntityDiff } from '../domain/entity-diff';
import type { LedgerRow } from '../domain/ledger-row';
import { sameContent } from '../domain/row-content';
import { changeItemId, type Decision } from '../domain/change-set';
import { stampFieldWrites } from '../domain/field-writes';
import type { JournalReader } from '../domain/journal-access';
import { JOURNAL_TABLES, type JournalTable } from '../domain/journal';
import { tableWord } from '../domain/table-words';
import { bumpClock } from '../domain/vector-clock';
import { runOperation } from '../dispatcher/run-operations';
import { appliedSummary } from './applied-summary';
import { storageProblemResult, type ReviewResult } from './review-result';

type UndoRefusal = { kind: 'done-already' } | { kind: 'changed'; table: string };

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
  const summary = await appliedSummary(db, decision);
  let deviceId: string;
  try {
    deviceId = await getDeviceId(db);
  } catch (error) {
    return storageProblemResult(error);
  }
  const applied = await changedHere(db, decision, deviceId);
  if (applied === 'before-snapshot') {
    return {
      status: 'cannot-undo',
      message: `Cannot undo "${summary}" on this device: it was decided before this device started from a snapshot of the journal, so this device does not know what it changed. Undo it on the device that decided it.`,
    };
  }
  if (!applied) {
    return {
      status: 'cannot-undo',
      message: `Cannot undo "${summary}" on this device: it was decided on another device, before this one kept what it changed. Undo it on the device that decided it.`,
    };
  }
  const diffs = applied.diffs;
  const runKey = `undo:${decisionId}`;
  const outcome = await runOperation<UndoRefusal, undefined>(
    db,
    {
      call:
        diffs.length > 0
          ? {
              toolName: 'restore_entities',
              args: { restorations: diffs.map(({ table, id, before }) => ({ table, id, before })) },
              context: {
                source: 'undo',
                taskId: decision.taskId,
                operationKey: runKey,
                summary: `Undo: ${summary}`,
                now,
              },
            }
          : undefined,
      operationKey: runKey,
      kind: 'undo',
      guard: async (journal) => {
        const fresh = await db.decisions.get(decisionId);
        if (!fresh || fresh.undoneAt) return { kind: 'done-already' };
        const changed = await changedSince(journal, diffs);
        return changed ? { kind: 'changed', table: changed } : undefined;
      },
      followUp: async (_applied, scope) => {
        const fresh = (await db.decisions.get(decisionId))!;
        const undone = stampFieldWrites(
          fresh,
          {
            ...fresh,
            undoneAt: now,
            updatedAt: now,
            rev: fresh.rev + 1,
            vectorClock: bumpClock(fresh.vectorClock, deviceId),
          },
          { deviceId, now },
        );
        await db.decisions.put(undone);
        const written: EntityDiff[] = [
          { table: 'decisions', id: decisionId, before: fresh, after: undone },
        ];
        const item = await scope.changeItems.item(changeItemId(fresh.changeSetId, fresh.itemIndex));
        // Either way the item waits for review again: a confirmation undone by mistake (a
        // double tap) can be confirmed again, edited or rejected. Its item write syncs, so it
        // waits on every device, and a new decision claims the item's next round.
        if (item?.status === fresh.verdict)
          written.push(
            ...(await scope.changeItems.write(
              [{ before: item, after: { ...item, status: 'pending' } }],
              { deviceId, now },
            )),
          );
        return { value: undefined, diffs: written };
      },
    },
    { tables: ['decisions'] },
  );
  switch (outcome.kind) {
    case 'refused':
      return outcome.refusal.kind === 'done-already'
        ? { status: 'already-decided', message: 'This change was already undone.' }
        : {
            status: 'cannot-undo',
            message: `Cannot undo "${summary}": the ${outcome.refusal.table} was changed after it was applied, and undoing would overwrite that change.`,
          };
    case 'failed':
      return { status: 'cannot-undo', message: `Cannot undo: ${outcome.result.output}` };
    case 'done':
      return {
        status: 'undone',
        message: rejection
          ? `Rejection undone: "${summary}" waits for review again.`
          : `Undone: ${summary}. It waits for review again.`,
        decisionId,
      };
  }
}

/**
 * What the decision's operation changed on this device, to put back: its own ledger row
 * when it was made here; when it came from another device, the ledger row of applying it
 * here (sync keeps which). Nothing, for an operation that changed no journal row here (a
 * confirmation that found the value already set, a plain rejection). Undefined when it
 * came from another device before this one kept that: undoing it here would mark it
 * undone and put nothing back. 'before-snapshot' when it came in the snapshot this device
 * started from (nothing of it was applied here one operation at a time).
 */
async function changedHere(
  db: CountersignDatabase,
  decision: Decision,
  deviceId: string,
): Promise<{ diffs: EntityDiff[] } | 'before-snapshot' | undefined> {
  const { operationId } = decision;
  if (!operationId) return { diffs: [] };
  const [own, remote, snapshot] = await Promise.all([
    db.mutations.get(operationId),
    db.syncApplied.get(operationId),
    readLoadedSnapshot(db),
  ]);
  // A decision another device sent may name any operation of this one (the person's own
  // rename, say): only a decision made here, or a confirmation's own write, is put back.
  if (own && (decision.deviceId === deviceId || decidedBy(own, decision)))
    return { diffs: own.diffs };
  // Neither made nor applied here, on a device that started from a snapshot: it came in it.
  if (!remote && snapshot) return 'before-snapshot';
  if (!remote || remote.journalRows === 0) return { diffs: [] };
  if (remote.journalRows === undefined) return undefined;
  const local = remote.localOperationId
    ? await db.mutations.get(remote.localOperationId)
    : undefined;
  return { diffs: local?.diffs ?? [] };
}

/** The ledger row is what confirming this decision's item wrote (a device id since renewed). */
function decidedBy(own: LedgerRow, decision: Decision): boolean {
  return (
    (own.source === 'confirmation' || own.source === 'rule') &&
    own.taskId === decision.taskId &&
    own.toolName === decision.toolName
  );
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

/** The first row whose current content is not what the mutation left behind, if any. */
async function changedSince(
  journal: JournalReader,
  diffs: readonly EntityDiff[],
): Promise<string | undefined> {
  for (const diff of diffs) {
    if (!(JOURNAL_TABLES as readonly string[]).includes(diff.table)) continue;
    const current = (await journal.storedRow(diff.table as JournalTable, diff.id)) as
      Record<string, unknown> | undefined;
    // A later change that restored this mutation's result (with a new rev) is no change:
    // Confirm all's Undo peels them off newest first.
    if (!sameContent(current, diff.after)) return tableWord(diff.table);
  }
  return undefined;
}

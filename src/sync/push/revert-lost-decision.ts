/**
 * This device decided an item while another device decided it first (both while apart).
 * The local decision never left this device, so it is taken back exactly: the journal
 * rows it changed and the item are put back as they were before it (their clocks and
 * field stamps included, since no other device ever saw the change), and the decision row
 * goes. The other device's decision then arrives by pull like any other operation. The
 * person is told in a notice and in Activity. Nothing of this is pushed (a remote step).
 *
 * It is the undo path (runStep, the operation's pre-images, a "changed since?" guard),
 * with one difference: rows this device changed again since cannot be put back without
 * losing that later change; they are left as they are, and the notice says so.
 */
import type { CountersignDatabase } from '../../db/database';
import type { SyncNoticeRow, SyncPushRecord } from '../../db/sync-rows';
import type { EntityDiff } from '../../domain/entity-diff';
import { canonicalJson } from '../../domain/canonical-json';
import { changeItemId, type ChangeItem, type Decision } from '../../domain/change-set';
import { appliedSummary } from '../../confirmation/applied-summary';
import type { JournalReader } from '../../domain/journal-access';
import { JOURNAL_TABLES, type JournalTable } from '../../domain/journal';
import { runOperation } from '../../dispatcher/run-operations';
import type { OperationScope } from '../../dispatcher/write-scope';
import type { ClaimMessage } from '../../domain/decision-claim';
import { addAuditMessages } from '../../dispatcher/audit-writer';

const JOURNAL = new Set<string>(JOURNAL_TABLES);
const VERDICT_WORDS = { confirmed: 'confirmed', rejected: 'rejected' } as const;

type Claimed = SyncPushRecord & { claim: NonNullable<SyncPushRecord['claim']> };

export async function revertLostDecision(
  db: CountersignDatabase,
  record: Claimed,
  winner: ClaimMessage,
  stamp: { deviceId: string; now: string },
): Promise<SyncNoticeRow> {
  const { now } = stamp;
  const outbox = await db.outbox.get(record.outboxId);
  const diffs = outbox?.diffs ?? [];
  const journalDiffs = diffs.filter((diff) => JOURNAL.has(diff.table));
  const { changeSetId, itemIndex, decisionId } = record.claim;
  const itemDiff = diffs.find(
    (diff) => diff.table === 'changeItems' && diff.id === changeItemId(changeSetId, itemIndex),
  );
  const decisionRow = diffs.find((diff) => diff.table === 'decisions' && diff.id === decisionId)
    ?.after as Partial<Decision> | undefined;
  const summary = decisionRow?.humanSummary ?? 'a proposed change';
  // Edited before confirming: the notice names what was applied, not only what was proposed.
  const applied =
    decisionRow?.appliedArgs && decisionRow.toolName && decisionRow.taskId
      ? await appliedSummary(db, {
          ...decisionRow,
          toolName: decisionRow.toolName,
          taskId: decisionRow.taskId,
        })
      : undefined;

  const attempt = (rewindJournal: boolean) =>
    runOperation<'changed', SyncNoticeRow>(
      db,
      {
        remote: true,
        operationKey: `sync:lost-claim:${record.operationId}:${rewindJournal}`,
        ...(rewindJournal && journalDiffs.length > 0
          ? {
              call: {
                toolName: 'apply_synced_rows',
                args: {
                  operationId: record.operationId,
                  deviceId: winner.deviceId,
                  receivedAt: now,
                  mode: 'rewind',
                  rows: journalDiffs.map(({ table, id, before, after }) => ({
                    table,
                    id,
                    before: after,
                    after: before,
                  })),
                },
                context: {
                  source: 'sync' as const,
                  taskId: decisionRow?.taskId,
                  operationKey: `sync:lost-claim:${record.operationId}`,
                  summary: `Decided on the other device: taking back "${summary}"`,
                  now,
                },
              },
            }
          : {}),
        guard: async (journal) =>
          rewindJournal && (await changedSince(journal, journalDiffs)) ? 'changed' : undefined,
        followUp: async (_applied, scope) => {
          const notice: SyncNoticeRow = {
            id: crypto.randomUUID(),
            kind: 'decided-elsewhere',
            changeSetId,
            itemIndex,
            taskId: decisionRow?.taskId ?? '',
            verdict: winner.verdict,
            localVerdict: record.claim.verdict,
            summary,
            ...(applied && applied !== summary ? { appliedSummary: applied } : {}),
            deviceId: winner.deviceId,
            reverted: rewindJournal || journalDiffs.length === 0,
            createdAt: now,
          };
          await rewindItem(scope, itemDiff, stamp);
          await db.decisions.delete(decisionId);
          await db.syncNotices.add(notice);
          await db.syncPushes.put({
            ...record,
            state: 'failed',
            claimState: 'lost',
            lastError: `Decided on the other device first: ${VERDICT_WORDS[winner.verdict]}. Not sent.`,
            updatedAt: Date.parse(now),
          });
          await db.outbox.delete(record.outboxId);
          await addAuditMessages(db, [
            {
              id: crypto.randomUUID(),
              kind: 'observation',
              source: 'sync',
              operationId: record.operationId,
              ...(notice.taskId ? { taskId: notice.taskId } : {}),
              summary: describeNotice(notice),
              payload: { winner, local: record.claim },
              createdAt: now,
            },
          ]);
          return { value: notice };
        },
      },
      { tables: ['decisions', 'syncPushes', 'syncNotices'] },
    );

  let outcome = await attempt(true);
  if (outcome.kind === 'refused') outcome = await attempt(false);
  if (outcome.kind !== 'done' || !outcome.value) {
    const why = outcome.kind === 'failed' ? outcome.result.output : 'it could not be taken back';
    throw new Error(`The decision another device made first could not be applied here: ${why}`);
  }
  return outcome.value;
}

/** "Decided on the other device: rejected. Your confirmation of … was taken back." */
function describeNotice(notice: SyncNoticeRow): string {
  const yours = notice.localVerdict === 'confirmed' ? 'confirmation' : 'rejection';
  const back = notice.reverted
    ? 'was taken back on this device'
    : 'was taken back, but the change stays in your journal because you edited it since: undo it by hand if needed';
  const edited = notice.appliedSummary ? `, edited to "${notice.appliedSummary}",` : '';
  return `Decided on the other device: ${VERDICT_WORDS[notice.verdict]}. Your ${yours} of "${notice.summary}"${edited} ${back}.`;
}

/** The item as it was before this device's decision, if nothing changed it since. */
async function rewindItem(
  scope: OperationScope,
  itemDiff: EntityDiff | undefined,
  stamp: { deviceId: string; now: string },
): Promise<void> {
  if (!itemDiff?.before || !itemDiff.after) return;
  const current = await scope.changeItems.item(itemDiff.id);
  if (!current || content(current) !== content(itemDiff.after)) return;
  const before = itemDiff.before as unknown as ChangeItem;
  const { createdAt, updatedAt, rev, vectorClock, fieldWrites, ...rest } = before;
  await scope.changeItems.write(
    [
      {
        before: current,
        after: rest,
        merged: { createdAt, updatedAt, rev, vectorClock, ...(fieldWrites ? { fieldWrites } : {}) },
      },
    ],
    stamp,
  );
}

function content(row: object): string {
  const { pendingKey: _key, pendingExpiry: _expiry, ...rest } = row as Record<string, unknown>;
  return canonicalJson(rest);
}

/** True when a row the decision changed is no longer as the decision left it. */
async function changedSince(
  journal: JournalReader,
  diffs: readonly EntityDiff[],
): Promise<boolean> {
  for (const diff of diffs) {
    const current = await journal.storedRow(diff.table as JournalTable, diff.id);
    if (canonicalJson(current ?? null) !== canonicalJson(diff.after)) return true;
  }
  return false;
}

/**
 * Turns outbox rows into push rows, in the order they were written: one push per
 * operation, numbered (`sequence`), with the decision it carries and that decision's
 * round (see decision-claims.ts). The outbox row stays until its push is applied.
 */
import type { CountersignDatabase } from '../../db/database';
import type { SyncPushRecord } from '../../db/sync-rows';
import type { DecisionClaim } from '../../domain/decision-claim';
import type { OutboxRow } from '../../domain/outbox-row';
import { SYNC_TABLES } from '../../domain/sync-envelope';

const SEQUENCE_KEY = 'pushSequence';
const SYNCED = new Set<string>(SYNC_TABLES);

/** Returns how many new pushes it recorded. */
export async function drainOutbox(db: CountersignDatabase, now: number): Promise<number> {
  return db.transaction('rw', [db.outbox, db.syncPushes, db.syncState, db.decisions], async () => {
    const rows = await db.outbox.orderBy('createdAt').toArray();
    if (rows.length === 0) return 0;
    const drained = new Set(
      (
        await db.syncPushes
          .where('outboxId')
          .anyOf(rows.map((row) => row.id))
          .toArray()
      ).map((record) => record.outboxId),
    );
    const fresh = rows.filter((row) => !drained.has(row.id));
    if (fresh.length === 0) return 0;
    let sequence = Number((await db.syncState.get(SEQUENCE_KEY))?.value ?? 0);
    const records: SyncPushRecord[] = [];
    const nothingToSend: string[] = [];
    for (const row of fresh) {
      // Rows only this device keeps (none today) would make an empty operation.
      if (!row.diffs.some((diff) => SYNCED.has(diff.table))) {
        nothingToSend.push(row.id);
        continue;
      }
      sequence += 1;
      records.push({
        operationId: await pushIdFor(db, row, records),
        sequence,
        state: 'pending',
        attempts: 0,
        updatedAt: now,
        outboxId: row.id,
        kind: row.kind,
        ...(row.claim ? { claim: { ...row.claim, round: await roundOf(db, row.claim) } } : {}),
      });
    }
    await db.syncPushes.bulkAdd(records);
    await db.outbox.bulkDelete(nothingToSend);
    await db.syncState.put({ key: SEQUENCE_KEY, value: sequence });
    return records.length;
  });
}

/**
 * The operation id, unless another outbox row already used it (an operation named by a
 * operation key, written twice): then a suffix keeps each its own subject on the server.
 */
async function pushIdFor(
  db: CountersignDatabase,
  row: OutboxRow,
  pending: readonly SyncPushRecord[],
): Promise<string> {
  const taken =
    pending.some((record) => record.operationId === row.operationId) ||
    (await db.syncPushes.get(row.operationId)) !== undefined;
  return taken ? `${row.operationId}_${row.id.replaceAll('-', '').slice(0, 12)}` : row.operationId;
}

/**
 * Which time this item is decided: the undone decisions made before this one. Two devices
 * deciding the item from the same state compute the same round and race for one subject;
 * a decision made after an undo claims the next round's subject.
 */
async function roundOf(db: CountersignDatabase, claim: DecisionClaim): Promise<number> {
  const decisions = await db.decisions.where('changeSetId').equals(claim.changeSetId).toArray();
  const own = decisions.find((decision) => decision.id === claim.decisionId);
  return decisions.filter(
    (decision) =>
      decision.itemIndex === claim.itemIndex &&
      decision.id !== claim.decisionId &&
      (decision.verdict === 'confirmed' || decision.verdict === 'rejected') &&
      decision.undoneAt !== undefined &&
      (own === undefined || decision.decidedAt <= own.decidedAt),
  ).length;
}

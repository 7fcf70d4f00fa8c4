/**
 * The push runtime's rows in IndexedDB (`syncPushes`), so pushes survive a reload and the
 * background loop resumes where it stopped. A push that reaches `applied` takes its
 * outbox row with it in the same transaction: the outbox holds only what has not landed.
 */
import type { CountersignDatabase } from '../../db/database';
import { ACTIVE_PUSH_STATES, type SyncPushRecord } from '../../db/sync-rows';
import type { PushRow } from './push-row';
import type { PushStore } from './push-store';

/** The runtime sees PushRow; the record carries more (outbox id, claim), which travels along. */
const asRow = (record: SyncPushRecord): PushRow => record as unknown as PushRow;

/**
 * The runtime's row does not carry the sealed bytes (they are stored beside it while it
 * works): keep the stored ones, so a retry sends exactly what was first sent.
 */
function withSealedBytes(record: SyncPushRecord, stored: SyncPushRecord | undefined) {
  return {
    ...record,
    ...(stored?.sealedMessages && !record.sealedMessages
      ? { sealedMessages: stored.sealedMessages }
      : {}),
    ...(stored?.sealedClaim && !record.sealedClaim ? { sealedClaim: stored.sealedClaim } : {}),
  };
}

/** A decision not yet claimed on the server must not be pushed: only the claim step may. */
export function awaitsClaim(record: SyncPushRecord): boolean {
  return record.claim !== undefined && record.claimState !== 'won';
}

export function createDexiePushStore(db: CountersignDatabase): PushStore {
  return {
    async get(operationId) {
      const record = await db.syncPushes.get(operationId);
      return record ? asRow(record) : undefined;
    },
    async put(row) {
      const record = row as unknown as SyncPushRecord;
      await db.transaction('rw', db.syncPushes, db.outbox, async () => {
        const done = record.state === 'applied' || record.resolution?.choice === 'skip';
        if (done) {
          const { sealedMessages: _messages, sealedClaim: _claim, ...rest } = record;
          await db.syncPushes.put(rest);
          await db.outbox.delete(record.outboxId);
        } else {
          await db.syncPushes.put(
            withSealedBytes(record, await db.syncPushes.get(record.operationId)),
          );
        }
      });
    },
    async listDue(now) {
      const records = await db.syncPushes.where('state').anyOf(ACTIVE_PUSH_STATES).toArray();
      return records
        .filter(
          (record) =>
            !awaitsClaim(record) &&
            (record.state === 'in_flight' || (record.nextAttemptAt ?? 0) <= now),
        )
        .sort((left, right) => left.sequence - right.sequence)
        .map(asRow);
    },
    async listIndeterminate() {
      const records = await db.syncPushes.where('state').equals('indeterminate').sortBy('sequence');
      return records.map(asRow);
    },
  };
}

/**
 * The push runtime's rows in IndexedDB (`syncPushes`), so pushes survive a reload and the
 * background loop resumes where it stopped. A push that reaches `applied` takes its
 * outbox row with it in the same transaction: the outbox holds only what has not landed.
 */
import type { CountersignDatabase } from '../../db/database';
import type { SyncPushRecord } from '../../db/sync-rows';
import type { PushRow } from '../push/push-row';
import type { PushStore } from '../push/push-store';

const ACTIVE_STATES = ['pending', 'in_flight', 'needs_reconcile'] as const;

/** The runtime sees PushRow; the record carries more (outbox id, claim), which travels along. */
const asRow = (record: SyncPushRecord): PushRow => record as unknown as PushRow;

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
        await db.syncPushes.put(record);
        if (record.state === 'applied' || record.resolution?.choice === 'skip')
          await db.outbox.delete(record.outboxId);
      });
    },
    async listDue(now) {
      const records = await db.syncPushes.where('state').anyOf(ACTIVE_STATES).toArray();
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

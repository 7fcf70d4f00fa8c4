/**
 * The step of a group of remote operations (group-incoming.ts): their journal rows through
 * one `apply_synced_rows` call (each row with its operation and the time the server
 * stored it, so the merge rule decides as it would one operation at a time), then, in the
 * same transaction, an applied-here record per operation (pointing at the group's ledger
 * row), the values lost to concurrent edits in the audit trail, and the cursor.
 */
import type { CountersignDatabase } from '../../db/database';
import type { Operation } from '../../dispatcher/run-operations';
import { countOf } from '../../lib/count-of';
import type { LostFieldValue } from '../../tools/catalog/apply-synced-rows';
import { lossMessage } from './describe-loss';
import type { ApplyPlanned } from './group-incoming';
import { addAuditMessages } from '../../dispatcher/audit-writer';

export function groupStep<Refusal>(
  deps: { db: CountersignDatabase; deviceId: string },
  items: readonly ApplyPlanned[],
  base: Pick<Operation<Refusal, undefined>, 'remote' | 'guard'>,
  moveCursor: () => Promise<unknown>,
  now: string,
  storedAt: (seq: number) => string,
): Operation<Refusal, undefined> {
  const { db, deviceId } = deps;
  const operations = items.map((item) => item.operation);
  const first = operations[0]!;
  const rows = items.flatMap(({ operation, seq }) =>
    operation.diffs.map((diff) => ({
      ...diff,
      operationId: operation.operationId,
      receivedAt: storedAt(seq),
    })),
  );
  const runKey = `sync:${first.operationId}+${operations.length - 1}`;
  return {
    ...base,
    operationKey: runKey,
    call: {
      toolName: 'apply_synced_rows',
      args: {
        operationId: first.operationId,
        deviceId: first.deviceId,
        receivedAt: storedAt(items[items.length - 1]!.seq),
        rows,
      },
      context: {
        source: 'sync' as const,
        operationKey: runKey,
        now,
        remoteKinds: operations.map((operation) => operation.kind),
        summary: `Caught up on ${countOf(operations.length, 'change')} (${countOf(rows.length, 'row')})`,
      },
    },
    followUp: async (applied) => {
      // Planning read which operations were applied here (plan-incoming.ts) and kept these
      // only; one feed applies at a time (the runtime's queue, one tab by its Web Lock), and
      // the guard's cursor stops a step from running twice: no second read per operation.
      const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
      const lost = ((applied?.data?.lost as LostFieldValue[] | undefined) ?? []).flatMap((loss) => {
        const operation = loss.operationId ? byId.get(loss.operationId) : undefined;
        if (!operation) return [];
        const devices = { remote: operation.deviceId, here: deviceId };
        return [lossMessage(loss, devices, operation.operationId, now)];
      });
      const partIds = items.flatMap((item) => item.partIds);
      await addAuditMessages(db, lost);
      await db.syncApplied.bulkPut(
        items.map(({ operation, seq, contentHash }) => ({
          operationId: operation.operationId,
          seq,
          deviceId: operation.deviceId,
          kind: operation.kind,
          appliedAt: now,
          journalRows: operation.diffs.length,
          contentHash,
          ...(applied?.operationId ? { localOperationId: applied.operationId } : {}),
        })),
      );
      if (partIds.length > 0) await db.syncParts.bulkDelete(partIds);
      await moveCursor();
      return { value: undefined };
    },
  };
}

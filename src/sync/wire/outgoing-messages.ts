/**
 * What one outbox row becomes on the server: a versioned envelope of its row changes,
 * split into parts under the payload budget when large (an import), each part its own
 * message with its own id. Built from the outbox row every time it is needed (push, and
 * "did it land?"): the same row gives the same bytes, so a part pushed twice is refused
 * as a copy and counts as landed.
 */
import type { EntityDiff } from '../../domain/entity-diff';
import type { OutboxRow } from '../../domain/outbox-row';
import {
  encodeEnvelope,
  ENVELOPE_LIMITS,
  partMessageId,
  splitOperation,
  SYNC_TABLES,
  type RowDiff,
  type SyncTable,
} from '../../domain/sync-envelope';
import { mergeClocks, type VectorClock } from '../../domain/vector-clock';

export interface OutgoingMessage {
  /** The message id and subject token: the operation id, or a part's id (sync-envelope.ts). */
  messageId: string;
  data: Uint8Array;
}

const SYNCED = new Set<string>(SYNC_TABLES);
/** Fields each device derives for itself: never sent (change-items.ts strips them too). */
const DEVICE_LOCAL_FIELDS = ['pendingKey', 'pendingExpiry'];

export function outgoingMessages(
  row: OutboxRow,
  deviceId: string,
  budgetBytes: number = ENVELOPE_LIMITS.defaultPartBudgetBytes,
): OutgoingMessage[] {
  const diffs = row.diffs.filter((diff) => SYNCED.has(diff.table)).map(wireDiff);
  const envelopes = splitOperation(
    {
      v: 1,
      operationId: row.operationId,
      kind: row.kind,
      deviceId,
      vectorClock: diffs.reduce<VectorClock>(
        (clock, diff) => mergeClocks(clock, (diff.after?.vectorClock ?? {}) as VectorClock),
        {},
      ),
      time: row.createdAt,
      diffs,
    },
    budgetBytes,
  );
  return envelopes.map((envelope) => ({
    messageId: partMessageId(envelope),
    data: encodeEnvelope(envelope),
  }));
}

function wireDiff(diff: EntityDiff): RowDiff {
  return {
    table: diff.table as SyncTable,
    id: diff.id,
    before: withoutLocalFields(diff.before),
    after: withoutLocalFields(diff.after),
  };
}

function withoutLocalFields(row: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!row || !DEVICE_LOCAL_FIELDS.some((field) => field in row)) return row;
  const copy = { ...row };
  for (const field of DEVICE_LOCAL_FIELDS) delete copy[field];
  return copy;
}

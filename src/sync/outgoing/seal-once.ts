/**
 * Seal once: in an encrypted journal a push's messages and its claim are sealed the first
 * time they are needed and kept on the push record, and every retry sends those same
 * bytes. Sealing again would give new bytes (a fresh nonce each time), and the answers
 * that matter ("did it land?", "who won the claim?") are judged on what a message says,
 * never on its bytes. Sealed messages go under keyed subject tokens (subject-token.ts),
 * kept with the bytes. Without a journal key the bytes are plain and built as before.
 */
import type { CountersignDatabase } from '../../db/database';
import type { SyncPushRecord } from '../../db/sync-rows';
import type { OutboxRow } from '../../domain/audit';
import type { OutgoingMessage } from '../push/transport-push-target';
import { newestKey, type KeyRing } from '../seal/key-ring';
import { SEAL_OVERHEAD_BYTES } from '../seal/seal-format';
import { seal } from '../seal/seal';
import { subjectToken } from '../seal/subject-token';
import type { SyncSubjects } from '../transport/sync-subjects';

export interface Sealing {
  /** The journal's key ring now (no generations: the journal is not encrypted). */
  ring(): Promise<KeyRing>;
  subjects: SyncSubjects;
}

/** Builds the plain messages of an outbox row, leaving `reservedBytes` per message for the seal. */
export type BuildMessages = (outbox: OutboxRow, reservedBytes: number) => OutgoingMessage[];

/** Stores `field` on the record unless another pass stored it first; returns what is stored. */
async function keepFirst<K extends 'sealedMessages' | 'sealedClaim'>(
  db: CountersignDatabase,
  operationId: string,
  field: K,
  value: NonNullable<SyncPushRecord[K]>,
): Promise<NonNullable<SyncPushRecord[K]>> {
  return db.transaction('rw', db.syncPushes, async () => {
    const fresh = await db.syncPushes.get(operationId);
    const stored = fresh?.[field];
    if (stored) return stored as NonNullable<SyncPushRecord[K]>;
    if (fresh) await db.syncPushes.put({ ...fresh, [field]: value });
    return value;
  });
}

export async function messagesToSend(
  db: CountersignDatabase,
  sealing: Sealing,
  operationId: string,
  build: BuildMessages,
): Promise<OutgoingMessage[]> {
  const record = await db.syncPushes.get(operationId);
  if (record?.sealedMessages) return record.sealedMessages;
  const outbox = record ? await db.outbox.get(record.outboxId) : undefined;
  if (!record || !outbox)
    throw new Error(`Operation ${operationId} is no longer waiting to be sent.`);
  const ring = await sealing.ring();
  const newest = newestKey(ring);
  if (!newest) return build(outbox, 0);
  const sealed = await Promise.all(
    build(outbox, SEAL_OVERHEAD_BYTES).map(async (message) => {
      const messageId = await subjectToken(newest, message.messageId);
      const subject = sealing.subjects.operation(messageId);
      return { messageId, data: await seal(subject, ring, message.data) };
    }),
  );
  return keepFirst(db, operationId, 'sealedMessages', sealed);
}

/** The claim's bytes to send: as first sealed, or plain without a journal key. */
export async function claimToSend(
  db: CountersignDatabase,
  sealing: Sealing,
  record: SyncPushRecord,
  subject: string,
  plain: Uint8Array,
): Promise<Uint8Array> {
  if (record.sealedClaim) return record.sealedClaim;
  const ring = await sealing.ring();
  if (!newestKey(ring)) return plain;
  return keepFirst(db, record.operationId, 'sealedClaim', await seal(subject, ring, plain));
}

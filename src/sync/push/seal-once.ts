/**
 * Seal once: in an encrypted journal a push's messages and its claim are sealed the first
 * time they are needed and kept on the push record, and every retry sends those same
 * bytes. Sealing again would give new bytes (a fresh nonce each time), and the answers
 * that matter ("did it land?", "who won the claim?") are judged on what a message says,
 * never on its bytes. Sealed messages go under keyed subject tokens (subject-token.ts),
 * kept with the bytes. A device with a signing key signs each message around its sealed
 * (or plain) bytes, once, and keeps the signed bytes the same way (signatures are random
 * too). Without a journal key and a signing key the bytes are plain and built as before.
 */
import type { CountersignDatabase } from '../../db/database';
import type { SyncPushRecord } from '../../db/sync-rows';
import type { OutboxRow } from '../../domain/outbox-row';
import type { OutgoingMessage } from '../wire/outgoing-messages';
import { newestKey, type KeyRing } from '../seal/key-ring';
import { SEAL_OVERHEAD_BYTES } from '../seal/seal-format';
import { seal, sealWhenKeyed } from '../seal/seal';
import { signatureOverhead, signMessage, type Signer } from '../seal/signed-message';
import type { SignerLookup } from '../seal/signers';
import { subjectToken } from '../seal/subject-token';
import type { SyncSubjects } from '../transport/sync-subjects';

export interface Sealing {
  /** The journal's key ring now (no generations: the journal is not encrypted). */
  ring(): Promise<KeyRing>;
  subjects: SyncSubjects;
  /** This device's signing key; none (tests, a device without keys): messages go unsigned. */
  signer?(): Promise<Signer | undefined>;
  /** Whose key signs for which device (signers.ts); without it no signature is checked. */
  signers?: SignerLookup;
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
  const signer = await sealing.signer?.();
  if (!newest && !signer) return build(outbox, 0);
  const reserved =
    (newest ? SEAL_OVERHEAD_BYTES : 0) + (signer ? signatureOverhead(signer.deviceId) : 0);
  const sealed = await Promise.all(
    build(outbox, reserved).map(async (message) => {
      const messageId = newest ? await subjectToken(newest, message.messageId) : message.messageId;
      const subject = sealing.subjects.operation(messageId);
      const body = newest ? await seal(subject, ring, message.data) : message.data;
      return { messageId, data: signer ? await signMessage(subject, signer, body) : body };
    }),
  );
  return keepFirst(db, operationId, 'sealedMessages', sealed);
}

/** The claim's bytes to send: as first sealed and signed, or plain without keys. */
export async function claimToSend(
  db: CountersignDatabase,
  sealing: Sealing,
  record: SyncPushRecord,
  subject: string,
  plain: Uint8Array,
): Promise<Uint8Array> {
  if (record.sealedClaim) return record.sealedClaim;
  const ring = await sealing.ring();
  const signer = await sealing.signer?.();
  if (!newestKey(ring) && !signer) return plain;
  const body = await sealWhenKeyed(subject, ring, plain);
  const bytes = signer ? await signMessage(subject, signer, body) : body;
  return keepFirst(db, record.operationId, 'sealedClaim', bytes);
}

/**
 * The rows of sync's own tables (schema version 4). Device-local bookkeeping, never
 * exported or synced: the state of each push, the feed's cursor and status, which remote
 * operations were applied here, parts of split operations still waiting for the rest,
 * what failed to parse (quarantined), and notices for the person.
 */
import type { DecisionClaim } from '../domain/decision-claim';
import type { OperationKind } from '../domain/operation-kind';

/**
 * Every state of a push, the one list (the reconciliation spec):
 *   pending → in_flight → applied | failed | needs_reconcile | indeterminate.
 */
export const PUSH_STATES = [
  'pending',
  'in_flight',
  'applied',
  'failed',
  'needs_reconcile',
  'indeterminate',
] as const;
export type SyncPushState = (typeof PUSH_STATES)[number];
/** The states of a push still being worked on: not landed, not left to the person. */
export const ACTIVE_PUSH_STATES = [
  'pending',
  'in_flight',
  'needs_reconcile',
] as const satisfies readonly SyncPushState[];

/** One push per operation id (src/sync/push/push-row.ts has its schema and states). */
export interface SyncPushRecord {
  operationId: string;
  /** Outbox order: pushes are made and reconciled in this order. */
  sequence: number;
  state: SyncPushState;
  attempts: number;
  nextAttemptAt?: number;
  lastError?: string;
  resolution?: { choice: 'happened' | 'did-not-happen' | 'skip'; at: number };
  updatedAt: number;
  /** The outbox row this push sends; removed from the outbox once the push is applied. */
  outboxId: string;
  kind: OperationKind;
  /** The decision this operation carries, claimed on the server before it is pushed. */
  claim?: DecisionClaim & { round: number };
  /** won: the claim is this device's; lost: another device decided first (never pushed). */
  claimState?: 'won' | 'lost';
  /**
   * This push's messages as first sealed and signed: every retry sends these same bytes (a
   * fresh nonce or signature would make new ones). Dropped once the push is applied.
   */
  sealedMessages?: { messageId: string; data: Uint8Array }[];
  /** The claim as first sealed and signed, sent unchanged on every retry; dropped once applied. */
  sealedClaim?: Uint8Array;
}

/** Small key-value rows: the feed's cursor, the runtime's status, counters. */
export interface SyncStateRow {
  key: string;
  value: unknown;
}

/** A remote operation applied on this device (or recognised as its own), by operation id. */
export interface SyncAppliedRow {
  operationId: string;
  seq: number;
  deviceId: string;
  kind: string;
  appliedAt: string;
  /**
   * How many journal rows the operation carried, and the ledger row of applying them here
   * (its apply_synced_rows call; none when they changed nothing here): what undoing the
   * operation on this device puts back, for a decision confirmed on another device. Rows
   * stored before these were kept have neither.
   */
  journalRows?: number;
  localOperationId?: string;
  /** SHA-256 of the operation's content: a later copy under its id must match (one-content.ts). */
  contentHash?: string;
}

/** One part of a split operation, kept until every part arrived. */
export interface SyncPartRow {
  /** `<operationId>:<part index>`. */
  id: string;
  operationId: string;
  seq: number;
  envelope: unknown;
  /**
   * When the server stored the part's message (`SyncMessage.time`): a part whose other parts
   * have not arrived by PART_KEPT_DAYS of stream time after it is set aside (orphan-parts.ts).
   * Rows kept before this was stored get the time of the first sweep that sees them.
   */
  storedAt?: string;
}

/** A message that could not be parsed or applied: kept and counted, never applied. */
export interface SyncQuarantineRow {
  seq: number;
  subject: string;
  reason: string;
  bytes: number;
  /** The start of the message as text, for the person or a bug report. */
  excerpt: string;
  receivedAt: string;
  /**
   * The message as the incoming side read it, when at most 256 kB: opened (`opened`), or as
   * the server holds it when it did not open here. Larger ones are read back from the server
   * by subject. Re-read once a later app version runs (sync/incoming/reread-quarantine.ts).
   */
  data?: Uint8Array;
  opened?: boolean;
  kind?: 'operation' | 'decision' | 'other';
  /** When the server stored it, and the device whose key signed it (when it opened). */
  time?: string;
  signedBy?: string;
  /** The app version that quarantined it; rows kept before this was stored have none. */
  appVersion?: string;
}

/** Something sync tells the person: a decision another device made first. */
export interface SyncNoticeRow {
  id: string;
  kind: 'decided-elsewhere';
  changeSetId: string;
  itemIndex: number;
  taskId: string;
  /** What the other device decided. */
  verdict: 'confirmed' | 'rejected';
  /** What this device had decided (and has reverted). */
  localVerdict: 'confirmed' | 'rejected';
  summary: string;
  /** What this device applied, in words, when the person edited the proposal first. */
  appliedSummary?: string;
  /** The device that decided first. */
  deviceId: string;
  /** False when the local change could not be reverted (the rows were changed since). */
  reverted: boolean;
  createdAt: string;
}

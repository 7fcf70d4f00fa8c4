/**
 * What the app needs from a sync server, whatever carries it: one person's journal as
 * one stream of operations and decisions, with exactly-once writes and an ordered feed.
 * The NATS JetStream implementation is `nats-transport.ts` (loaded lazily); tests may
 * use any other. Every method rejects with a `SyncTransportError` only.
 */

/** The server's answer to a publish: either way, the operation is on the server once. */
export type PublishReceipt =
  | { status: 'stored'; seq: number }
  /** A copy was already there (same message id, or refused as a second copy: error 10077). */
  | { status: 'already-landed'; seq?: number };

export type LandedStatus = 'landed' | 'not-landed';

export interface StoredClaim {
  data: Uint8Array;
  seq: number;
}

/** A stored message as read by subject: which subject it is on, and when the server stored it. */
export interface StampedMessage extends StoredClaim {
  subject: string;
  /** The server's clock when it stored the message, in milliseconds since 1970. */
  serverMs: number;
}

export type ClaimResult =
  /** This claim is the first (or the same bytes were already the first: a retried claim). */
  | { outcome: 'won'; seq: number }
  /** Another claim came first; `winner` is what it says (who decided, and how). */
  | { outcome: 'lost'; winner: StoredClaim };

export interface StreamStatus {
  stream: string;
  /** True when this call created the stream (the first device of this person). */
  created: boolean;
  /** Messages in the stream now. */
  messages: number;
  /** The last sequence in the stream (0 when empty): a feed is caught up when it reaches it. */
  lastSeq: number;
}

export interface SyncMessage {
  seq: number;
  subject: string;
  kind: 'operation' | 'decision' | 'other';
  data: Uint8Array;
  /**
   * When the server stored it (ISO). Every device reads the same time for one message, so
   * capping a row's far-future times against it decides merges alike everywhere.
   */
  time?: string;
  /** Set by the open step when the message did not open: quarantined with these words, never applied. */
  unreadable?: string;
  /** Set by the open step: the device whose key verifiably signed this message. */
  signedBy?: string;
  /** Set by the open step: signed bytes whose device was not known then (seal/signers.ts). */
  uncheckedSignature?: Uint8Array;
}

export type FeedEvent =
  | { type: 'started'; fromSeq: number }
  /** The watchdog saw no message and no heartbeat for too long, or the handler failed. */
  | { type: 'restarting'; fromSeq: number; reason: string }
  | { type: 'error'; error: Error };

export interface FeedOptions {
  /** Heartbeat the server sends while the feed is idle (default 2 s). */
  idleHeartbeatMs?: number;
  /** Restart when nothing (message or heartbeat) arrived for this long (default 3 heartbeats). */
  stallAfterMs?: number;
  onEvent?: (event: FeedEvent) => void;
}

export interface SyncFeed {
  /** The last sequence whose handler resolved: the cursor to store. */
  readonly lastAcknowledgedSeq: number;
  /** How many times the watchdog restarted the consumer. */
  readonly restarts: number;
  stop(): Promise<void>;
}

export interface SyncTransport {
  /** Opens the connection (and loads the client code the first time). */
  connect(): Promise<void>;
  /** Closes the connection; pending writes are flushed first when possible. */
  close(): Promise<void>;
  /**
   * Makes sure the person's stream exists with the settings exactly-once depends on:
   * creates it when missing (first device), verifies it otherwise. A stream with a wrong
   * setting is refused with kind `stream-misconfigured`, naming the setting.
   */
  ensureStream(): Promise<StreamStatus>;
  /** Publishes one operation (or one part of it) with message id = `operationId`. */
  publishOperation(operationId: string, data: Uint8Array): Promise<PublishReceipt>;
  /** Authoritative "did it land?": a direct get of the last message on the operation's subject. */
  didLand(operationId: string): Promise<LandedStatus>;
  /** Publishes a decision only if no decision exists for that item yet (compare-and-set). */
  claimDecision(changeSetId: string, itemIndex: number, data: Uint8Array): Promise<ClaimResult>;
  /** The decision that won the item, if any. */
  readClaim(changeSetId: string, itemIndex: number): Promise<StoredClaim | undefined>;
  /** The last message on `subject` by direct get (the journal's key subject), if any. */
  readLast(subject: string): Promise<StoredClaim | undefined>;
  /**
   * Delivers every message from `fromSeq` (the stored cursor + 1; 1 for everything) in
   * stream order, one at a time: the next message waits until `onMessage` resolves, and
   * a message is acknowledged (its sequence becomes `lastAcknowledgedSeq`) only then.
   * If `onMessage` rejects, or the feed stalls, the feed restarts from the last
   * acknowledged sequence + 1, so nothing is skipped; a handler must therefore be
   * idempotent by operation id.
   */
  consume(
    fromSeq: number,
    onMessage: (message: SyncMessage) => Promise<void>,
    options?: FeedOptions,
  ): SyncFeed;
}

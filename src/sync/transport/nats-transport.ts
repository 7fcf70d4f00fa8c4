/**
 * `SyncTransport` over NATS JetStream. The only module that loads the NATS client, and
 * only through dynamic `import()` when `connect()` is first called, so the first page
 * never carries it (about 59 kB gzipped). Browsers connect over WebSocket (`wsconnect`,
 * the default); Node tests pass `@nats-io/transport-node`'s `connect` instead.
 */
import type { ConnectionOptions, NatsConnection } from '@nats-io/nats-core';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import { ensureJournalStream } from './ensure-journal-stream';
import { openOrderedConsumer } from './nats-ordered-consumer';
import { startOrderedFeed, type FeedSource } from './ordered-feed';
import { watchStatus, type ConnectionEvent } from './connection-status';
import { journalStreamConfig } from './stream-config';
import { syncSubjects } from './sync-subjects';
import type { SnapshotTransport } from './snapshot-transport';
import type { LiveTransport } from './live-transport';
import type {
  ClaimResult,
  FeedOptions,
  LandedStatus,
  PublishReceipt,
  StampedMessage,
  StoredClaim,
  StreamStatus,
  SyncFeed,
  SyncMessage,
  SyncTransport,
} from './sync-transport';
import {
  classifySyncError,
  JS_ERROR,
  jetStreamErrorCode,
  SyncTransportError,
} from './sync-transport-error';

export type NatsConnect = (options: ConnectionOptions) => Promise<NatsConnection>;

export type NatsCredentials = { user: string; pass: string } | { token: string };

export interface NatsTransportOptions {
  /** `wss://sync.example.org` (browser) or `nats://127.0.0.1:4222` (Node). */
  servers: string | string[];
  /** The person's journal name on the server: subjects `cs.<user>.>`, stream `CS_<USER>`. */
  user: string;
  credentials: NatsCredentials;
  /** Defaults to `wsconnect` from @nats-io/nats-core (loaded lazily). */
  connect?: NatsConnect;
  /** Stream replicas when this device creates the stream (3 in a cluster). Default 1. */
  replicas?: number;
  /** Create the stream when it is missing (the first device). Default true. */
  createStream?: boolean;
  /**
   * Timeout of each JetStream request (publish, direct get, stream info). The client's
   * default of 5 s would make an offline "did it land?" cost 5 s per attempt.
   */
  requestTimeoutMs?: number;
  /** Wait between reconnect attempts; the client reconnects forever. Default 2 s. */
  reconnectWaitMs?: number;
  /** Ping interval, default 15 s (the client's is 2 min): two unanswered end a silent server. */
  pingIntervalMs?: number;
  /** A name the server shows for this connection, e.g. the device id. */
  connectionName?: string;
  onConnectionEvent?: (event: ConnectionEvent) => void;
}

interface Connected {
  connection: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** False between a disconnect and the reconnect: writes then fail fast, unsent. */
  online: boolean;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 2_000;

export function createNatsTransport(options: NatsTransportOptions): SyncTransport & {
  /** The server's largest message in bytes, once connected. */
  readonly maxPayload: number | undefined;
  /** Reports this device's cursor on its readable progress subject (signed, else empty). */
  publishProgress(deviceToken: string, cursor: number, data?: Uint8Array): Promise<void>;
  /** Publishes one message of the journal's key subject (a rotation); a copy already there counts. */
  publishKeyMessage(subject: string, data: Uint8Array): Promise<void>;
  /** Publishes only while `subject` holds no message (key and join subjects); else `taken`. */
  publishNew(subject: string, data: Uint8Array): Promise<'stored' | 'taken'>;
  /** The subjects under `filter` that hold a message (stream info): names only, no bodies. */
  subjectsUnder(filter: string): Promise<string[]>;
  /** The last message on `subject` (a wildcard too), with its subject and the server's time. */
  readLastStamped(subject: string): Promise<StampedMessage | undefined>;
} & LiveTransport &
  SnapshotTransport {
  const subjects = syncSubjects(options.user);
  const timeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const expected = journalStreamConfig(subjects, options.replicas ?? 1);
  let connected: Connected | undefined;

  const need = (): Connected => {
    if (!connected) {
      throw new SyncTransportError(
        'disconnected',
        'Not connected to the sync server: connect first.',
        true,
        false,
      );
    }
    return connected;
  };
  /**
   * While reconnecting, the client would buffer a publish and send it on reconnect, long
   * after the request timed out: an uncertain outcome made out of nothing. Refusing to
   * write while offline turns it into a certain one ("not sent").
   */
  const needOnline = (doing: string): Connected => {
    const current = need();
    if (!current.online) {
      throw new SyncTransportError(
        'disconnected',
        `The sync server is unreachable right now, so nothing was sent (while ${doing}); it is retried.`,
        true,
        false,
      );
    }
    return current;
  };
  const fail = (error: unknown, doing: string): SyncTransportError =>
    classifySyncError(error, { doing, maxPayload: connected?.connection.info?.max_payload });

  const lastOnSubject = async (subject: string): Promise<StoredClaim | undefined> => {
    const { jsm } = needOnline(`reading ${subject}`);
    const message = await jsm.direct.getMessage(subjects.stream, { last_by_subj: subject });
    return message ? { data: message.data, seq: message.seq } : undefined;
  };

  const readClaim = async (changeSetId: string, itemIndex: number) => {
    try {
      return await lastOnSubject(subjects.decision(changeSetId, itemIndex));
    } catch (error) {
      throw fail(error, `reading the decision ${changeSetId}/${itemIndex}`);
    }
  };

  /** Publishes only while `subject` holds no message; a copy or another message there counts as landed. */
  const publishOnce = async (subject: string, data: Uint8Array): Promise<PublishReceipt> => {
    const { js } = needOnline(`publishing ${subject}`);
    try {
      const ack = await js.publish(subject, data, {
        msgID: subject,
        expect: { lastSubjectSequence: 0 },
        timeout,
      });
      return ack.duplicate
        ? { status: 'already-landed', seq: ack.seq }
        : { status: 'stored', seq: ack.seq };
    } catch (error) {
      const code = jetStreamErrorCode(error);
      if (code === JS_ERROR.maxMessagesPerSubjectExceeded || code === JS_ERROR.wrongLastSequence) {
        return { status: 'already-landed' };
      }
      throw fail(error, `publishing ${subject}`);
    }
  };

  return {
    get maxPayload() {
      return connected?.connection.info?.max_payload;
    },

    async connect() {
      if (connected && !connected.connection.isClosed()) return;
      const [{ jetstream, jetstreamManager }, connect] = await Promise.all([
        import('@nats-io/jetstream'),
        options.connect ?? browserConnect(),
      ]);
      const auth =
        'token' in options.credentials
          ? { token: options.credentials.token }
          : { user: options.credentials.user, pass: options.credentials.pass };
      let connection: NatsConnection;
      try {
        connection = await connect({
          servers: options.servers,
          ...auth,
          name: options.connectionName,
          timeout: Math.max(timeout, 2_000),
          maxReconnectAttempts: -1,
          reconnectTimeWait: options.reconnectWaitMs ?? 2_000,
          pingInterval: options.pingIntervalMs ?? 15_000,
          maxPingOut: 2,
        });
      } catch (error) {
        throw fail(error, `connecting to ${String(options.servers)}`);
      }
      const js = jetstream(connection, { timeout });
      const jsm = await jetstreamManager(connection, { timeout, checkAPI: false });
      const current: Connected = { connection, js, jsm, online: true };
      connected = current;
      void watchStatus(connection, (event) => {
        if (event === 'disconnected' || event === 'reconnecting' || event === 'closed') {
          current.online = false;
        } else {
          current.online = true;
        }
        options.onConnectionEvent?.(event);
      });
    },

    async close() {
      const current = connected;
      connected = undefined;
      if (!current || current.connection.isClosed()) return;
      // Drain flushes what is buffered; offline it could wait forever, so it gets 2 s.
      const drained = current.connection.drain().then(
        () => true,
        () => false,
      );
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), 2_000);
      });
      const clean = await Promise.race([drained, timedOut]);
      clearTimeout(timer);
      if (!clean) await current.connection.close();
    },

    async ensureStream(): Promise<StreamStatus> {
      const { connection, jsm } = need();
      return ensureJournalStream(connection, jsm, expected, {
        createStream: options.createStream !== false,
        fail,
      });
    },

    async publishOperation(operationId, data): Promise<PublishReceipt> {
      const { js } = needOnline(`publishing operation ${operationId}`);
      try {
        const subject = subjects.operation(operationId);
        const ack = await js.publish(subject, data, { msgID: operationId, timeout });
        return ack.duplicate
          ? { status: 'already-landed', seq: ack.seq }
          : { status: 'stored', seq: ack.seq };
      } catch (error) {
        // One message per subject, and the stream refuses a second copy forever.
        if (jetStreamErrorCode(error) === JS_ERROR.maxMessagesPerSubjectExceeded) {
          return { status: 'already-landed' };
        }
        throw fail(error, `publishing operation ${operationId}`);
      }
    },

    async publishProgress(deviceToken, cursor, data = new Uint8Array(0)) {
      const { js } = needOnline("reporting this device's progress");
      try {
        await js.publish(subjects.progress(deviceToken, cursor), data, { timeout });
      } catch (error) {
        // The same cursor reported twice: the first report stands, which is the same.
        if (jetStreamErrorCode(error) === JS_ERROR.maxMessagesPerSubjectExceeded) return;
        throw fail(error, "reporting this device's progress");
      }
    },

    async publishKeyMessage(subject, data) {
      if (!subject.startsWith(`cs.${options.user}.keys.`)) {
        throw new SyncTransportError(
          'unknown',
          `${subject} is not this journal's key subject.`,
          false,
          false,
        );
      }
      await publishOnce(subject, data);
    },

    async publishNew(subject, data) {
      const receipt = await publishOnce(subject, data);
      return receipt.status === 'stored' ? 'stored' : 'taken';
    },

    publishOnce,

    async subjectsUnder(filter) {
      const { jsm } = needOnline(`listing ${filter}`);
      try {
        const info = await jsm.streams.info(subjects.stream, { subjects_filter: filter });
        return Object.keys(info.state.subjects ?? {});
      } catch (error) {
        throw fail(error, `listing ${filter}`);
      }
    },

    async didLand(operationId): Promise<LandedStatus> {
      try {
        const subject = subjects.operation(operationId);
        return (await lastOnSubject(subject)) ? 'landed' : 'not-landed';
      } catch (error) {
        throw fail(error, `checking whether operation ${operationId} landed`);
      }
    },

    async claimDecision(changeSetId, itemIndex, data): Promise<ClaimResult> {
      const { js } = needOnline(`claiming the decision ${changeSetId}/${itemIndex}`);
      try {
        const subject = subjects.decision(changeSetId, itemIndex);
        const ack = await js.publish(subject, data, {
          expect: { lastSubjectSequence: 0 },
          timeout,
        });
        return { outcome: 'won', seq: ack.seq };
      } catch (error) {
        const code = jetStreamErrorCode(error);
        if (
          code !== JS_ERROR.wrongLastSequence &&
          code !== JS_ERROR.maxMessagesPerSubjectExceeded
        ) {
          throw fail(error, `claiming the decision ${changeSetId}/${itemIndex}`);
        }
      }
      const winner = await readClaim(changeSetId, itemIndex);
      if (!winner) {
        throw new SyncTransportError(
          'unknown',
          `The decision ${changeSetId}/${itemIndex} was refused as taken, but no decision is stored.`,
          true,
          true,
        );
      }
      // Our own earlier claim (an uncertain publish retried) is still a win.
      return sameBytes(winner.data, data)
        ? { outcome: 'won', seq: winner.seq }
        : { outcome: 'lost', winner };
    },

    readClaim,

    async readLast(subject) {
      try {
        return await lastOnSubject(subject);
      } catch (error) {
        throw fail(error, `reading ${subject}`);
      }
    },

    publishLive(subject, data) {
      needOnline(`sending ${subject}`).connection.publish(subject, data);
    },

    subscribeLive(subject, onMessage) {
      const subscription = need().connection.subscribe(subject, {
        callback: (error, message) => {
          if (!error) onMessage(message.subject, message.data);
        },
      });
      return () => subscription.unsubscribe();
    },

    async readLastStamped(subject) {
      const { jsm } = needOnline(`reading ${subject}`);
      try {
        const message = await jsm.direct.getMessage(subjects.stream, { last_by_subj: subject });
        if (!message) return undefined;
        const { data, seq } = message;
        return { data, seq, subject: message.subject, serverMs: message.time.getTime() };
      } catch (error) {
        throw fail(error, `reading ${subject}`);
      }
    },

    consume(
      fromSeq: number,
      onMessage: (message: SyncMessage) => Promise<void>,
      feedOptions?: FeedOptions,
    ): SyncFeed {
      const source: FeedSource = {
        open: async (startSeq, idleHeartbeatMs, onAlive, onStalled) => {
          const { js } = need();
          try {
            return await openOrderedConsumer(js, {
              stream: subjects.stream,
              user: options.user,
              startSeq,
              idleHeartbeatMs,
              onAlive,
              onStalled,
            });
          } catch (error) {
            throw fail(error, `opening the journal feed at sequence ${startSeq}`);
          }
        },
      };
      return startOrderedFeed(source, fromSeq, onMessage, feedOptions);
    },
  };
}

function sameBytes(left: Uint8Array, right: Uint8Array): boolean {
  return left.length === right.length && left.every((byte, index) => byte === right[index]);
}

/** The browser's WebSocket connect, fetched on first use: this file alone loads the client. */
export async function browserConnect(): Promise<NatsConnect> {
  return (await import('@nats-io/nats-core')).wsconnect;
}

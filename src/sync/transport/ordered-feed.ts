/**
 * The pull side's feed: messages in stream order, one at a time, acknowledged only when
 * the handler resolved, with a watchdog that restarts the consumer from the last
 * acknowledged sequence when neither a message nor a heartbeat arrived for too long.
 * An ordered consumer can stall after the node holding it dies (a leader failover), and
 * a restart from the stored cursor is the cure (docs/decisions/0008-toolchain.md).
 * The consumer itself is behind `FeedSource`, so this logic is tested without a server.
 */
import type { FeedOptions, SyncFeed, SyncMessage } from './sync-transport';

export interface FeedSession {
  readonly messages: AsyncIterable<SyncMessage>;
  /** Ends `messages` (the loop then reopens unless the feed was stopped). */
  stop(): void;
}

export interface FeedSource {
  /** Opens a consumer delivering from `fromSeq`; calls `onAlive` on every heartbeat. */
  open(
    fromSeq: number,
    idleHeartbeatMs: number,
    onAlive: () => void,
    onStalled: () => void,
  ): Promise<FeedSession>;
}

export interface FeedTimers {
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  sleep(ms: number): Promise<void>;
}

const realTimers: FeedTimers = {
  now: () => Date.now(),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const DEFAULT_IDLE_HEARTBEAT_MS = 2_000;
/** Pause before reopening after a failure, so a broken server is not hammered. */
const REOPEN_DELAY_MS = 500;

export function startOrderedFeed(
  source: FeedSource,
  fromSeq: number,
  onMessage: (message: SyncMessage) => Promise<void>,
  options: FeedOptions = {},
  timers: FeedTimers = realTimers,
): SyncFeed {
  const idleHeartbeatMs = options.idleHeartbeatMs ?? DEFAULT_IDLE_HEARTBEAT_MS;
  const stallAfterMs = options.stallAfterMs ?? idleHeartbeatMs * 3;
  const emit = options.onEvent ?? (() => undefined);
  let lastAcknowledgedSeq = Math.max(0, fromSeq - 1);
  let restarts = 0;
  let stopped = false;
  let handling = false;
  let lastAlive = timers.now();
  let session: FeedSession | undefined;

  const restart = (reason: string) => {
    if (stopped || !session) return;
    restarts++;
    emit({ type: 'restarting', fromSeq: lastAcknowledgedSeq + 1, reason });
    const stalled = session;
    session = undefined;
    stalled.stop();
  };

  // A slow handler is not a stalled feed: only time spent waiting for the server counts.
  const watchdog = timers.setInterval(
    () => {
      if (!handling && timers.now() - lastAlive > stallAfterMs) {
        restart(`no message or heartbeat for ${stallAfterMs} ms`);
      }
    },
    Math.max(100, Math.floor(idleHeartbeatMs / 2)),
  );

  const run = async () => {
    while (!stopped) {
      const startSeq = lastAcknowledgedSeq + 1;
      let opened: FeedSession;
      try {
        opened = await source.open(
          startSeq,
          idleHeartbeatMs,
          () => (lastAlive = timers.now()),
          () => restart('the server missed heartbeats'),
        );
      } catch (error) {
        emit({ type: 'error', error: asError(error) });
        await timers.sleep(REOPEN_DELAY_MS);
        continue;
      }
      if (stopped) {
        opened.stop();
        break;
      }
      session = opened;
      lastAlive = timers.now();
      emit({ type: 'started', fromSeq: startSeq });
      try {
        for await (const message of opened.messages) {
          if (stopped || session !== opened) break;
          lastAlive = timers.now();
          // After a restart the server may deliver again what was already acknowledged.
          if (message.seq <= lastAcknowledgedSeq) continue;
          handling = true;
          try {
            await onMessage(message);
          } catch (error) {
            emit({ type: 'error', error: asError(error) });
            restart(`the handler failed at sequence ${message.seq}`);
            break;
          } finally {
            handling = false;
            lastAlive = timers.now();
          }
          lastAcknowledgedSeq = message.seq;
        }
      } catch (error) {
        emit({ type: 'error', error: asError(error) });
      }
      opened.stop();
      if (session === opened) session = undefined;
      if (!stopped) await timers.sleep(REOPEN_DELAY_MS);
    }
  };
  const running = run();

  return {
    get lastAcknowledgedSeq() {
      return lastAcknowledgedSeq;
    },
    get restarts() {
      return restarts;
    },
    async stop() {
      stopped = true;
      timers.clearInterval(watchdog);
      session?.stop();
      session = undefined;
      await running;
    },
  };
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

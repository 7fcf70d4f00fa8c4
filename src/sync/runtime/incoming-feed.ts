/**
 * The live feed into this device: the stream from the cursor stored in Dexie, in
 * batches (many messages per transaction, so catching up on thousands of operations
 * takes seconds and never holds the page for long), one batch at a time through the
 * runtime's queue. A batch that fails restarts the feed from the stored cursor; a
 * message that fails three times running is quarantined so the feed goes on.
 */
import type { CountersignDatabase } from '../../db/database';
import {
  applyIncoming,
  IncomingBatchError,
  quarantineMessage,
  readCursor,
  type IncomingDeps,
} from '../incoming/apply-incoming';
import type {
  FeedEvent,
  FeedOptions,
  SyncFeed,
  SyncMessage,
  SyncTransport,
} from '../transport/sync-transport';

/**
 * Operations per transaction: large enough to catch up fast, small enough to keep each task
 * short (a batch applies its handlers in one main-thread task: at 50, the longest was 239 ms).
 */
const BATCH_SIZE = 20;
/** Wait this long for more messages before applying a partial batch. */
const BATCH_WAIT_MS = 15;
const RESTART_DELAY_MS = 1_000;
const FAILURES_BEFORE_QUARANTINE = 3;

export interface IncomingFeedOptions {
  db: CountersignDatabase;
  transport: Pick<SyncTransport, 'consume'>;
  incoming: IncomingDeps;
  /** Runs a task between the runtime's other tasks (pushes, ticks), never during one. */
  serialize<T>(task: () => Promise<T>): Promise<T>;
  feedOptions?: FeedOptions;
  onEvent?(event: FeedEvent | { type: 'applied'; cursor: number }): void;
}

export interface IncomingFeed {
  stop(): Promise<void>;
  /** Applies what is buffered now (Sync now). */
  flush(): Promise<void>;
}

export function startIncomingFeed(options: IncomingFeedOptions): IncomingFeed {
  const { db, serialize } = options;
  let stopped = false;
  let generation = 0;
  let feed: SyncFeed | undefined;
  let buffer: SyncMessage[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const failures = new Map<number, number>();

  const open = async () => {
    if (stopped) return;
    const mine = ++generation;
    const cursor = await readCursor(db);
    if (stopped || mine !== generation) return;
    feed = options.transport.consume(
      cursor + 1,
      async (message) => {
        if (mine !== generation) return;
        buffer.push(message);
        if (buffer.length >= BATCH_SIZE) await flush();
        else schedule();
      },
      { ...options.feedOptions, onEvent: (event) => options.onEvent?.(event) },
    );
  };

  const schedule = () => {
    if (timer === undefined) timer = setTimeout(() => void flush(), BATCH_WAIT_MS);
  };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const batch = buffer;
    buffer = [];
    if (batch.length === 0) return Promise.resolve();
    const mine = generation;
    return serialize(async () => {
      if (mine !== generation || stopped) return;
      try {
        await applyIncoming(options.incoming, batch);
        // Let the page render and handle input between batches.
        await new Promise((resolve) => setTimeout(resolve, 0));
        failures.clear();
        options.onEvent?.({ type: 'applied', cursor: batch[batch.length - 1]!.seq });
      } catch (error) {
        await recover(batch, error);
      }
    });
  };

  /** Back to the stored cursor; a message that keeps failing goes to quarantine. */
  const recover = async (batch: SyncMessage[], error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    options.onEvent?.({ type: 'error', error: error instanceof Error ? error : new Error(reason) });
    if (error instanceof IncomingBatchError) {
      const count = (failures.get(error.seq) ?? 0) + 1;
      failures.set(error.seq, count);
      const message = batch.find((each) => each.seq === error.seq);
      if (count >= FAILURES_BEFORE_QUARANTINE && message) {
        await quarantineMessage(
          db,
          message,
          `Could not be applied: ${reason}`,
          new Date().toISOString(),
        );
        failures.delete(error.seq);
      }
    }
    generation++;
    buffer = [];
    const stale = feed;
    feed = undefined;
    void stale?.stop();
    setTimeout(() => void open(), RESTART_DELAY_MS);
  };

  void open();
  return {
    async stop() {
      stopped = true;
      generation++;
      clearTimeout(timer);
      buffer = [];
      await feed?.stop();
    },
    flush,
  };
}

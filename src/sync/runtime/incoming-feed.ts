/**
 * The live feed into this device: the stream from the cursor stored in Dexie, in
 * batches (many messages per transaction, so catching up on thousands of operations
 * takes seconds and never holds the page for long), one batch at a time through the
 * runtime's queue. A batch that fails restarts the feed from the stored cursor. A message
 * that would fail the same way every time (a refused row, an id that cannot be a subject)
 * is quarantined at once, so the feed goes on; a failure that may pass (storage, the
 * server) is retried, waiting longer each time, and never quarantines anything. A feed
 * that keeps failing says so (`stuck`), so the status stops saying "Connected".
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
import { classifySyncError } from '../transport/sync-transport-error';
import { catchUpPace, PAGE_PACE, type PaceShape } from '../incoming/catch-up-pace';
import { yieldToMain } from '../../lib/yield-to-main';

/**
 * Messages per transaction (decision 0012). Parsing and checking a batch, and preparing its
 * calls, are one main-thread task each, and a batch's operations of one task are applied as
 * groups of at most GROUP_ROWS rows, one read and one bulk write per table each: at 100, no
 * part of a batch holds the page for long. Live operations arrive one by one and go as
 * soon as the feed pauses (BATCH_WAIT_MS).
 */
const BATCH_SIZE = 100;

/** Messages per batch and the rows per transaction: the page's, or larger off the page. */
export interface FeedShape {
  batchSize: number;
  pace: PaceShape;
}

const PAGE_FEED: FeedShape = { batchSize: BATCH_SIZE, pace: PAGE_PACE };
/**
 * Off the page (the sync worker, the agent device) no frame waits for a transaction: a
 * batch of 500 messages, transactions of up to 500 rows or a quarter second. Fewer, larger
 * commits are what catch-up's time above the floor was (decision 0012, fifth round).
 */
export const OFF_PAGE_FEED: FeedShape = { batchSize: 500, pace: { budgetMs: 250, maxRows: 500 } };
/**
 * A partial batch is applied once no message came for this long (a live operation waits
 * no more), or once its first message waited LONGEST_BATCH_WAIT_MS: while catching up,
 * messages keep coming and batches fill, however slowly each arrives on a busy device.
 */
const BATCH_WAIT_MS = 15;
const LONGEST_BATCH_WAIT_MS = 250;
const RESTART_DELAY_MS = 1_000;
const LONGEST_RESTART_DELAY_MS = 30_000;
/** Failed batches in a row before the feed reports itself stuck. */
export const FAILURES_BEFORE_STUCK = 3;

export type IncomingFeedEvent =
  | FeedEvent
  | { type: 'applied'; cursor: number }
  /** Batches failed `failures` times in a row; `reason` is the last one's, in words. */
  | { type: 'stuck'; reason: string; failures: number }
  /** A batch applied again after the feed was stuck. */
  | { type: 'recovered' };

/** What the status says while the feed is stuck: why, and that sending still works. */
export function feedStuckMessage(reason: string, failures: number): string {
  const why = reason.replace(/[.\s]+$/, '');
  return `Connected, but changes from your other devices cannot be applied here (${failures} tries in a row): ${why}. Countersign keeps trying; your own changes are still sent.`;
}

export interface IncomingFeedOptions {
  db: CountersignDatabase;
  transport: Pick<SyncTransport, 'consume'>;
  incoming: IncomingDeps;
  /** Runs a task between the runtime's other tasks (pushes, ticks), never during one. */
  serialize<T>(task: () => Promise<T>): Promise<T>;
  feedOptions?: FeedOptions;
  onEvent?(event: IncomingFeedEvent): void;
  /** The time of a quarantine row (tests pass their own). */
  now?(): string;
  /** Batch and transaction sizes (PAGE_FEED unless given). */
  shape?: FeedShape;
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
  let failuresInRow = 0;
  const shape = options.shape ?? PAGE_FEED;
  const pace = catchUpPace(shape.pace);

  const open = async () => {
    if (stopped) return;
    const mine = ++generation;
    const cursor = await readCursor(db);
    if (stopped || mine !== generation) return;
    openFailures = 0;
    feed = options.transport.consume(
      cursor + 1,
      async (message) => {
        if (mine !== generation) return;
        buffer.push(message);
        if (buffer.length >= shape.batchSize) await flush();
        else schedule();
      },
      { ...options.feedOptions, onEvent: (event) => feedEvent(mine, event) },
    );
  };

  /**
   * The transport's events, passed on. A feed the server does not open (its consumer
   * limit reached, no permission) fails before it starts, again and again: counted like
   * failed batches, so the status says so instead of "Connected".
   */
  let openFailures = 0;
  const feedEvent = (mine: number, event: FeedEvent) => {
    options.onEvent?.(event);
    if (mine !== generation) return;
    if (event.type === 'started') {
      if (openFailures >= FAILURES_BEFORE_STUCK) options.onEvent?.({ type: 'recovered' });
      openFailures = -1;
    } else if (event.type === 'error' && openFailures >= 0) {
      openFailures++;
      if (openFailures >= FAILURES_BEFORE_STUCK) {
        const failure = classifySyncError(event.error, { doing: 'opening the feed of changes' });
        options.onEvent?.({ type: 'stuck', reason: failure.message, failures: openFailures });
      }
    }
  };

  let firstAt = 0;
  const schedule = () => {
    if (timer === undefined) firstAt = Date.now();
    clearTimeout(timer);
    const wait = Math.min(BATCH_WAIT_MS, firstAt + LONGEST_BATCH_WAIT_MS - Date.now());
    timer = setTimeout(() => void flush(), Math.max(0, wait));
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
        await applyIncoming(options.incoming, batch, { pace });
        // Let the page render and handle input between batches.
        await yieldToMain();
        if (failuresInRow >= FAILURES_BEFORE_STUCK) options.onEvent?.({ type: 'recovered' });
        failuresInRow = 0;
        options.onEvent?.({ type: 'applied', cursor: batch[batch.length - 1]!.seq });
      } catch (error) {
        await recover(batch, error);
      }
    });
  };

  /** Back to the stored cursor; a message that can never apply goes to quarantine first. */
  const recover = async (batch: SyncMessage[], error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    options.onEvent?.({ type: 'error', error: error instanceof Error ? error : new Error(reason) });
    const message =
      error instanceof IncomingBatchError && error.deterministic
        ? batch.find((each) => each.seq === error.seq)
        : undefined;
    const quarantined =
      message !== undefined &&
      (await quarantineMessage(
        db,
        message,
        `Could not be applied: ${reason}`,
        options.now?.() ?? new Date().toISOString(),
        options.incoming.appVersion,
      ).then(
        () => true,
        () => false,
      ));
    failuresInRow = quarantined ? 0 : failuresInRow + 1;
    if (failuresInRow >= FAILURES_BEFORE_STUCK)
      options.onEvent?.({ type: 'stuck', reason, failures: failuresInRow });
    generation++;
    buffer = [];
    const stale = feed;
    feed = undefined;
    void stale?.stop();
    const delay = Math.min(
      RESTART_DELAY_MS * 2 ** Math.max(0, failuresInRow - 1),
      LONGEST_RESTART_DELAY_MS,
    );
    setTimeout(() => void open(), delay);
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

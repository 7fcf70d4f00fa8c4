// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  startOrderedFeed,
  type FeedSession,
  type FeedSource,
  type FeedTimers,
} from './ordered-feed';
import type { FeedEvent, SyncMessage } from './sync-transport';

const message = (seq: number): SyncMessage => ({
  seq,
  subject: `cs.alice.ops.op-${seq}`,
  kind: 'operation',
  data: new Uint8Array([seq]),
});

/** A stand-in for the server: each open() is a session the test feeds by hand. */
function fakeSource(stream: number[]) {
  const opened: { fromSeq: number; session: ControlledSession }[] = [];
  const source: FeedSource = {
    async open(fromSeq, _idleHeartbeatMs, onAlive, onStalled) {
      const session = controlledSession(onAlive, onStalled);
      opened.push({ fromSeq, session });
      for (const seq of stream.filter((each) => each >= fromSeq)) session.deliver(seq);
      return session;
    },
  };
  return { source, opened, last: () => opened[opened.length - 1]!.session };
}

interface ControlledSession extends FeedSession {
  deliver(seq: number): void;
  heartbeat(): void;
  stalled(): void;
  readonly stopped: boolean;
}

function controlledSession(onAlive: () => void, onStalled: () => void): ControlledSession {
  const queue: SyncMessage[] = [];
  let wake: (() => void) | undefined;
  let stopped = false;
  async function* messages(): AsyncGenerator<SyncMessage> {
    while (!stopped) {
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  }
  return {
    messages: messages(),
    stop() {
      stopped = true;
      wake?.();
    },
    deliver(seq) {
      queue.push(message(seq));
      wake?.();
    },
    heartbeat: onAlive,
    stalled: onStalled,
    get stopped() {
      return stopped;
    },
  };
}

function fakeTimers(): FeedTimers & { advance(ms: number): Promise<void> } {
  let now = 0;
  const intervals = new Map<number, { every: number; next: number; callback: () => void }>();
  let handles = 0;
  const settle = async () => {
    for (let round = 0; round < 20; round++) await Promise.resolve();
  };
  return {
    now: () => now,
    setInterval(callback, ms) {
      intervals.set(++handles, { every: ms, next: now + ms, callback });
      return handles;
    },
    clearInterval(handle) {
      intervals.delete(handle as number);
    },
    sleep: () => settle(),
    async advance(ms) {
      const until = now + ms;
      for (;;) {
        await settle();
        const due = [...intervals.values()].filter((each) => each.next <= until);
        const first = due.sort((left, right) => left.next - right.next)[0];
        if (!first) break;
        now = first.next;
        first.next += first.every;
        first.callback();
      }
      now = until;
      await settle();
    },
  };
}

const settle = async () => {
  for (let round = 0; round < 30; round++) await Promise.resolve();
};

describe('the ordered feed', () => {
  it('delivers from the cursor in order and acknowledges each message once handled', async () => {
    const { source, opened } = fakeSource([1, 2, 3, 4]);
    const seen: number[] = [];
    const feed = startOrderedFeed(
      source,
      3,
      async (each) => {
        seen.push(each.seq);
      },
      {},
      fakeTimers(),
    );
    await settle();
    expect(opened[0]!.fromSeq).toBe(3);
    expect(seen).toEqual([3, 4]);
    expect(feed.lastAcknowledgedSeq).toBe(4);
    await feed.stop();
  });

  it('restarts from the last acknowledged sequence when nothing arrives for too long', async () => {
    const timers = fakeTimers();
    const server = fakeSource([1, 2]);
    const events: FeedEvent[] = [];
    const seen: number[] = [];
    const feed = startOrderedFeed(
      server.source,
      1,
      async (each) => {
        seen.push(each.seq);
      },
      { idleHeartbeatMs: 2_000, onEvent: (event) => events.push(event) },
      timers,
    );
    await settle();
    const first = server.last();
    await timers.advance(5_000);
    expect(feed.restarts).toBe(0);
    await timers.advance(2_000);
    expect(first.stopped).toBe(true);
    expect(feed.restarts).toBe(1);
    expect(server.opened.map((each) => each.fromSeq)).toEqual([1, 3]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'restarting', fromSeq: 3 }));
    // What the new consumer delivers again is not handled twice.
    server.last().deliver(2);
    server.last().deliver(3);
    await settle();
    expect(seen).toEqual([1, 2, 3]);
    await feed.stop();
  });

  it('stays on the same consumer while heartbeats arrive', async () => {
    const timers = fakeTimers();
    const server = fakeSource([]);
    const feed = startOrderedFeed(server.source, 1, async () => undefined, {}, timers);
    await settle();
    for (let second = 0; second < 20; second++) {
      await timers.advance(2_000);
      server.last().heartbeat();
    }
    expect(feed.restarts).toBe(0);
    expect(server.opened).toHaveLength(1);
    await feed.stop();
  });

  it('does not count a slow handler as a stalled feed', async () => {
    const timers = fakeTimers();
    const server = fakeSource([1]);
    let finish: () => void = () => undefined;
    const feed = startOrderedFeed(
      server.source,
      1,
      () => new Promise<void>((resolve) => (finish = resolve)),
      {},
      timers,
    );
    await settle();
    await timers.advance(60_000);
    expect(feed.restarts).toBe(0);
    finish();
    await settle();
    expect(feed.lastAcknowledgedSeq).toBe(1);
    await feed.stop();
  });

  it('redelivers a message whose handler failed instead of skipping it', async () => {
    const server = fakeSource([1, 2, 3]);
    const attempts: number[] = [];
    const feed = startOrderedFeed(
      server.source,
      1,
      async (each) => {
        attempts.push(each.seq);
        if (each.seq === 2 && attempts.filter((seq) => seq === 2).length === 1) {
          throw new Error('IndexedDB is busy');
        }
      },
      {},
      fakeTimers(),
    );
    await settle();
    await settle();
    expect(attempts).toEqual([1, 2, 2, 3]);
    expect(server.opened.map((each) => each.fromSeq)).toEqual([1, 2]);
    expect(feed.lastAcknowledgedSeq).toBe(3);
    await feed.stop();
  });

  it('restarts when the client reports missed heartbeats', async () => {
    const server = fakeSource([]);
    const feed = startOrderedFeed(server.source, 5, async () => undefined, {}, fakeTimers());
    await settle();
    server.last().stalled();
    await settle();
    expect(feed.restarts).toBe(1);
    expect(server.opened.map((each) => each.fromSeq)).toEqual([5, 5]);
    await feed.stop();
    expect(server.last().stopped).toBe(true);
  });
});

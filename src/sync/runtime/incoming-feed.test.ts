import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingClaimPush, remoteDecision } from '../../../test/support/claim-push';
import { stamp } from '../../../test/support/factories';
import { createTestDatabase } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import { encodeEnvelope, type SyncEnvelope } from '../../domain/sync-envelope';
import { ClaimRefusedError, readCursor } from '../incoming/apply-incoming';
import type { FeedEvent, SyncFeed, SyncMessage, SyncTransport } from '../transport/sync-transport';
import {
  FAILURES_BEFORE_STUCK,
  startIncomingFeed,
  type IncomingFeed,
  type IncomingFeedEvent,
} from './incoming-feed';

const NOW = '2026-11-27T08:00:00.000Z';
const row = (id: string) => ({ id, ...stamp(NOW, 1, 'other') });

function message(seq: number, envelope: Omit<SyncEnvelope, 'v' | 'part'>): SyncMessage {
  return {
    seq,
    subject: `cs.ann.ops.${envelope.operationId}`,
    kind: 'operation',
    data: encodeEnvelope({ v: 1, part: { index: 0, count: 1 }, ...envelope }),
  };
}

const base = (operationId: string) => ({
  operationId,
  kind: 'journal',
  deviceId: 'other',
  vectorClock: { other: 1 },
  time: NOW,
});

/** Another device's decision on item 0 of `changeSetId`. */
const decisionMessage = (seq: number, changeSetId: string) =>
  message(seq, {
    ...base(`decision-${seq}`),
    kind: 'decision',
    diffs: [
      {
        table: 'decisions',
        id: `decision-${seq}`,
        before: null,
        after: remoteDecision(`decision-${seq}`, changeSetId, NOW),
      },
    ],
  });

const entryMessage = (seq: number) =>
  message(seq, {
    ...base(`entry-${seq}`),
    diffs: [
      {
        table: 'entries',
        id: `entry-${seq}`,
        before: null,
        after: { ...row(`entry-${seq}`), taskId: 'task-1', text: 'From the other device' },
      },
    ],
  });

/** The stream, from any sequence: every consume() delivers what follows the cursor, in order. */
function streamOf(messages: SyncMessage[]): Pick<SyncTransport, 'consume'> & { opened: number } {
  const stream = {
    opened: 0,
    consume(fromSeq: number, onMessage: (message: SyncMessage) => Promise<void>): SyncFeed {
      stream.opened++;
      let stopped = false;
      void (async () => {
        for (const each of messages.filter((candidate) => candidate.seq >= fromSeq)) {
          if (stopped) return;
          await onMessage(each);
        }
      })();
      return {
        lastAcknowledgedSeq: fromSeq - 1,
        restarts: 0,
        stop: async () => {
          stopped = true;
        },
      } as unknown as SyncFeed;
    },
  };
  return stream;
}

let db: CountersignDatabase;
let feed: IncomingFeed | undefined;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  db = createTestDatabase();
  await db.open();
  // This device decided item 0 of the set too, and has not claimed it yet.
  await db.syncPushes.add(pendingClaimPush('set-1'));
});
afterEach(async () => {
  await feed?.stop();
  feed = undefined;
  vi.useRealTimers();
  await db.delete();
});

function start(
  messages: SyncMessage[],
  resolveClaim: () => Promise<void>,
): { events: IncomingFeedEvent[]; stream: ReturnType<typeof streamOf> } {
  const events: IncomingFeedEvent[] = [];
  const stream = streamOf(messages);
  feed = startIncomingFeed({
    db,
    transport: stream,
    serialize: (task) => task(),
    incoming: { db, deviceId: 'here', now: () => NOW, resolveClaim },
    onEvent: (event) => events.push(event),
    now: () => NOW,
  });
  return { events, stream };
}

/** Taken before the clock is faked: real time for the feed's IndexedDB work. */
const realSetTimeout = globalThis.setTimeout;

async function until(probe: () => Promise<boolean>, advanceMs = 1_000) {
  // Small steps of the fake clock, each followed by a little real time: the feed's work
  // between timers is real IndexedDB work, which a busy machine finishes later in real
  // time than the fake clock moves (without it, 2,000 fake seconds went by in 340 ms and
  // retry timers kept cutting that work short).
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await vi.advanceTimersByTimeAsync(advanceMs);
    await new Promise((resolve) => realSetTimeout(resolve, 5));
  }
  throw new Error('never happened');
}

describe('the incoming feed', () => {
  it('quarantines at once a message that fails the same way every time, and goes on', async () => {
    const resolveClaim = vi.fn(() =>
      Promise.reject(new ClaimRefusedError('The server refused it: invalid subject (code 10052).')),
    );
    const { events } = start([decisionMessage(1, 'set-1'), entryMessage(2)], resolveClaim);

    await until(async () => (await readCursor(db)) === 2, 100);
    expect(resolveClaim).toHaveBeenCalledTimes(1);
    const [quarantined] = await db.syncQuarantine.toArray();
    expect(quarantined).toMatchObject({ seq: 1 });
    expect(quarantined!.reason).toMatch(/cannot be claimed: The server refused it/);
    expect(await db.entries.get('entry-2')).toMatchObject({ text: 'From the other device' });
    expect(events.some((event) => event.type === 'stuck')).toBe(false);
  });

  it('never quarantines for a failure that may pass, says it is stuck, and says when it recovers', async () => {
    let unreachable = true;
    const resolveClaim = vi.fn(() =>
      unreachable
        ? Promise.reject(new Error('The sync server cannot be reached.'))
        : Promise.resolve(),
    );
    const { events } = start([decisionMessage(1, 'set-1'), entryMessage(2)], resolveClaim);

    await until(async () => resolveClaim.mock.calls.length >= FAILURES_BEFORE_STUCK + 3);
    expect(await db.syncQuarantine.count()).toBe(0);
    expect(await readCursor(db)).toBe(0);
    const stuck = events.filter((event) => event.type === 'stuck');
    expect(stuck.length).toBeGreaterThanOrEqual(1);
    expect(stuck[0]).toMatchObject({
      reason: 'The sync server cannot be reached.',
      failures: FAILURES_BEFORE_STUCK,
    });

    unreachable = false;
    await until(async () => events.some((event) => event.type === 'recovered'));
    expect(await readCursor(db)).toBe(2);
    expect(await db.syncQuarantine.count()).toBe(0);
  });

  it('says it is stuck when the server does not open the feed, and when it opens at last', async () => {
    const events: IncomingFeedEvent[] = [];
    let report: ((event: FeedEvent) => void) | undefined;
    feed = startIncomingFeed({
      db,
      transport: {
        consume: (_from, _onMessage, options) => {
          report = options?.onEvent;
          return {
            lastAcknowledgedSeq: 0,
            restarts: 0,
            stop: async () => {},
          } as unknown as SyncFeed;
        },
      },
      serialize: (task) => task(),
      incoming: { db, deviceId: 'here', now: () => NOW, resolveClaim: async () => {} },
      onEvent: (event) => events.push(event),
    });
    await until(async () => report !== undefined, 10);
    const full = Object.assign(new Error('maximum consumers limit reached'), {
      name: 'JetStreamApiError',
      code: 10026,
    });
    for (let tries = 0; tries < FAILURES_BEFORE_STUCK; tries++)
      report!({ type: 'error', error: full });
    const stuck = events.find((event) => event.type === 'stuck');
    expect(stuck).toMatchObject({ failures: FAILURES_BEFORE_STUCK });
    expect(stuck && 'reason' in stuck && stuck.reason).toMatch(
      /The server refused it: maximum consumers limit reached \(code 10026\) \(while opening the feed of changes\)/,
    );
    report!({ type: 'started', fromSeq: 1 });
    expect(events.at(-1)).toEqual({ type: 'recovered' });
  });
});

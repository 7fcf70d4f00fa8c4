// @vitest-environment node
/**
 * Two devices of one person against a real nats-server: decide-once by compare-and-set
 * on a per-item subject, and the ordered feed (catch-up from a cursor, exactly once,
 * restarted by its watchdog when replies stop). Prints loopback latency figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncMessage } from '../../src/sync/transport/sync-transport';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startNatsServer, type NatsTestServer } from '../support/nats-server';
import {
  journalOperation,
  messagesOf,
  userTransport,
  waitFor,
  type TestTransport,
} from './sync-fixtures';
import { FEED_START_GRACE_MS, graceWait, LATE_MESSAGE_GRACE_MS } from '../support/grace';

let server: NatsTestServer;
let proxy: FaultProxy;
let laptop: TestTransport;
let tablet: TestTransport;

beforeAll(async () => {
  server = await startNatsServer();
  try {
    proxy = await startFaultProxy(server.nodes[0]!.clientPort);
    laptop = userTransport(server.urls, 'alice', { connectionName: 'laptop' });
    tablet = userTransport(proxy.url, 'alice', { connectionName: 'tablet' });
    await laptop.connect();
    expect((await laptop.ensureStream()).created).toBe(true);
    await tablet.connect();
    expect((await tablet.ensureStream()).created).toBe(false);
  } catch (error) {
    await server.stop();
    throw error;
  }
});

afterAll(async () => {
  await laptop?.close();
  await tablet?.close();
  await proxy?.close();
  await server?.stop();
});

const text = (value: string) => new TextEncoder().encode(value);
const read = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function publish(transport: TestTransport, operationId: string) {
  const [message] = messagesOf(journalOperation(operationId));
  return transport.publishOperation(message!.messageId, message!.data);
}

describe('decide once across devices', () => {
  it('gives the item to the first claim and tells the second who won', async () => {
    const first = await laptop.claimDecision('set-1', 0, text('confirmed on the laptop'));
    expect(first.outcome).toBe('won');
    const second = await tablet.claimDecision('set-1', 0, text('rejected on the tablet'));
    expect(second.outcome).toBe('lost');
    if (second.outcome === 'lost') expect(read(second.winner.data)).toBe('confirmed on the laptop');
    expect(read((await tablet.readClaim('set-1', 0))!.data)).toBe('confirmed on the laptop');
  });

  it('counts a retried claim with the same decision as won', async () => {
    await laptop.claimDecision('set-2', 3, text('confirmed'));
    expect((await laptop.claimDecision('set-2', 3, text('confirmed'))).outcome).toBe('won');
    expect(await laptop.readClaim('set-2', 4)).toBeUndefined();
  });

  it('has exactly one winner per item when both devices decide at the same moment', async () => {
    const items = Array.from({ length: 30 }, (_, index) => index);
    const results = await Promise.all(
      items.flatMap((index) => [
        laptop.claimDecision('set-race', index, text(`laptop ${index}`)),
        tablet.claimDecision('set-race', index, text(`tablet ${index}`)),
      ]),
    );
    for (const index of items) {
      const [onLaptop, onTablet] = [results[index * 2]!, results[index * 2 + 1]!];
      expect([onLaptop.outcome, onTablet.outcome].sort()).toEqual(['lost', 'won']);
      const stored = read((await laptop.readClaim('set-race', index))!.data);
      expect(stored).toBe(onLaptop.outcome === 'won' ? `laptop ${index}` : `tablet ${index}`);
    }
  });
});

describe('the journal feed', () => {
  it('catches up from the stored cursor exactly once, in order', async () => {
    const start = (await laptop.ensureStream()).lastSeq;
    for (let index = 0; index < 20; index++) await publish(laptop, `feed-${index}`);

    const received: SyncMessage[] = [];
    let feed = tablet.consume(start + 1, async (message) => {
      received.push(message);
    });
    await waitFor(() => received.length >= 20 || undefined, 10_000, '20 operations');
    await feed.stop();
    const cursor = feed.lastAcknowledgedSeq;
    expect(cursor).toBe(received.at(-1)!.seq);

    // Offline for a while: five more changes, then the feed resumes from the cursor.
    for (let index = 20; index < 25; index++) await publish(laptop, `feed-${index}`);
    feed = tablet.consume(cursor + 1, async (message) => {
      received.push(message);
    });
    await waitFor(() => received.length >= 25 || undefined, 10_000, '25 operations');
    await graceWait(LATE_MESSAGE_GRACE_MS);
    await feed.stop();

    const subjects = received.map((message) => message.subject);
    expect(subjects).toEqual(
      Array.from({ length: 25 }, (_, index) => `cs.alice.ops.feed-${index}`),
    );
    expect(received.every((message) => message.kind === 'operation')).toBe(true);
    const sequences = received.map((message) => message.seq);
    expect([...sequences].sort((left, right) => left - right)).toEqual(sequences);
  });

  it('restarts a feed whose server went quiet, from the last acknowledged message', async () => {
    const start = (await laptop.ensureStream()).lastSeq + 1;
    const received: string[] = [];
    const feed = tablet.consume(
      start,
      async (message) => {
        received.push(message.subject);
      },
      { idleHeartbeatMs: 500 },
    );
    await publish(laptop, 'quiet-0');
    await waitFor(() => received.length >= 1 || undefined, 5_000, 'the first operation');

    proxy.setMode('hold');
    await publish(laptop, 'quiet-1');
    await waitFor(() => feed.restarts >= 1 || undefined, 10_000, 'a watchdog restart');
    proxy.setMode('pass');
    await publish(laptop, 'quiet-2');
    await waitFor(
      () => received.length >= 3 || undefined,
      15_000,
      'the operations after the stall',
    );
    await graceWait(LATE_MESSAGE_GRACE_MS);
    await feed.stop();

    expect(received).toEqual([
      'cs.alice.ops.quiet-0',
      'cs.alice.ops.quiet-1',
      'cs.alice.ops.quiet-2',
    ]);
  });
});

describe('latency on loopback (figures, not limits)', () => {
  it('measures publish → direct get, and publish → the other device', async () => {
    const samples = 200;
    const landed: number[] = [];
    for (let index = 0; index < samples; index++) {
      const started = performance.now();
      await publish(laptop, `latency-get-${index}`);
      expect(await laptop.didLand(`latency-get-${index}`)).toBe('landed');
      landed.push(performance.now() - started);
    }

    const start = (await laptop.ensureStream()).lastSeq + 1;
    const waiting = new Map<string, (arrivedAt: number) => void>();
    const feed = tablet.consume(start, async (message) => {
      waiting.get(message.subject)?.(performance.now());
    });
    await graceWait(FEED_START_GRACE_MS);
    const delivered: number[] = [];
    for (let index = 0; index < 100; index++) {
      const subject = `cs.alice.ops.latency-feed-${index}`;
      const arrived = new Promise<number>((resolve) => waiting.set(subject, resolve));
      const started = performance.now();
      await publish(laptop, `latency-feed-${index}`);
      delivered.push((await arrived) - started);
    }
    await feed.stop();

    const figure = (values: number[]) => {
      const sorted = [...values].sort((left, right) => left - right);
      const at = (quantile: number) =>
        sorted[Math.floor(quantile * (sorted.length - 1))]!.toFixed(2);
      return `median ${at(0.5)} ms, p95 ${at(0.95)} ms (n=${values.length})`;
    };
    console.info(`publish → direct get (did it land?): ${figure(landed)}`);
    console.info(`publish → other device's feed: ${figure(delivered)}`);
    expect(landed).toHaveLength(samples);
  });
});

/**
 * One change proposed on two devices (decision 0016): a laptop's wake asked for offline and
 * the agent device's wake propose the same change to one task; the proposals meet by sync,
 * in either order. Every device shows the change once, counts it once, decides it once,
 * and the agent hears it once. fake-indexeddb; the devices sync by hand (hand-sync.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildWakeContext } from '../src/agent/wake-context';
import { confirmItem } from '../src/confirmation/confirm-item';
import { rejectItem } from '../src/confirmation/reject-item';
import { undoDecision } from '../src/confirmation/undo-decision';
import { expireChangeSets } from '../src/confirmation/expire-change-sets';
import type { CountersignDatabase } from '../src/db/database';
import {
  listPendingItemsForTask,
  listReviewHistory,
  readInboxWindow,
} from '../src/db/queries/review-proposals';
import { countPendingItems } from '../src/db/tallies';
import { DEFAULT_AGENT_ID } from '../src/domain/agent';
import type { ChangeItem } from '../src/domain/change-set';
import { deliver, handSyncedDevice, type HandSyncedDevice } from './support/hand-sync';
import { expectCountsEqualRecount } from './support/inbox-recount';
import { propose } from './support/proposals';
import { createAgentReadyTask } from './support/test-database';

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => () => new Date(Date.now() - hours * HOUR);
const HIGH = [{ name: 'update_task_priority', args: { priority: 'P1' } }];

const opened: CountersignDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

/** What the person and the agent see of the task's proposals on one device. */
async function seen(db: CountersignDatabase, taskId: string) {
  const [tally, inbox, card, context, history] = await Promise.all([
    countPendingItems(db),
    readInboxWindow(db, 0, 50),
    listPendingItemsForTask(db, taskId),
    buildWakeContext(db, taskId, DEFAULT_AGENT_ID),
    listReviewHistory(db, taskId),
  ]);
  await expectCountsEqualRecount(db);
  return {
    /** The Review badge and the app icon's number (use-app-badge.ts reads this tally). */
    badge: tally.items,
    inbox: inbox.map((row) => row.entry.key),
    card: card.map((entry) => entry.key),
    /** What the agent's next wake hears: open proposals and decisions. */
    heard: [
      ...context!.openProposals.map((proposal) => `open ${proposal.summary}`),
      ...context!.recentDecisions.map((decision) => `${decision.verdict} ${decision.summary}`),
    ],
    history: history.map((entry) => entry.outcome),
  };
}

interface Pair {
  laptop: HandSyncedDevice;
  agent: HandSyncedDevice;
  taskId: string;
  /** The proposal that comes first by (proposedAt, id): the one every device shows. */
  first: ChangeItem;
  second: ChangeItem;
}

/**
 * A task both devices hold; the agent device proposes P1 `agentHoursAgo`, the laptop the
 * same change, offline, `laptopHoursAgo`. Nothing of either proposal has synced yet.
 */
async function twinProposals(agentHoursAgo: number, laptopHoursAgo: number): Promise<Pair> {
  const laptop = await handSyncedDevice();
  const agent = await handSyncedDevice();
  opened.push(laptop.db, agent.db);
  const { taskId } = await createAgentReadyTask(laptop.db);
  await deliver(laptop, agent);
  const fromAgent = await propose(agent.db, taskId, HIGH, { now: hoursAgo(agentHoursAgo) });
  const fromLaptop = await propose(laptop.db, taskId, HIGH, { now: hoursAgo(laptopHoursAgo) });
  const [a, b] = [fromAgent.items[0]!, fromLaptop.items[0]!];
  expect(a.fingerprint).toBe(b.fingerprint);
  const agentFirst = agentHoursAgo > laptopHoursAgo;
  return {
    laptop,
    agent,
    taskId,
    first: agentFirst ? a : b,
    second: agentFirst ? b : a,
  };
}

const ONCE = (key: string) => ({
  badge: 1,
  inbox: [key],
  card: [key],
  heard: ['open Set priority to P1'],
  history: [],
});

describe('one change proposed on two devices', () => {
  it.each([
    ['the agent device proposed it first', 2, 1],
    ['the offline laptop proposed it first', 1, 2],
  ])(
    'is shown, counted and heard once on each device, in either arrival order (%s)',
    async (_, agentAgo, laptopAgo) => {
      const { laptop, agent, taskId, first } = await twinProposals(agentAgo, laptopAgo);
      // Each device sees only its own proposal until they sync.
      expect((await seen(laptop.db, taskId)).badge).toBe(1);
      expect((await seen(agent.db, taskId)).badge).toBe(1);

      // The laptop hears the agent's proposal; the agent device hears the laptop's.
      await deliver(agent, laptop);
      await deliver(laptop, agent);
      expect(await seen(laptop.db, taskId)).toEqual(ONCE(first.id));
      expect(await seen(agent.db, taskId)).toEqual(ONCE(first.id));

      // Nothing more to exchange: no device wrote anything to settle the twin.
      expect(await deliver(agent, laptop)).toBe(0);
      expect(await deliver(laptop, agent)).toBe(0);
    },
  );

  it.each([
    [
      'confirmed',
      (db: CountersignDatabase, item: ChangeItem) =>
        confirmItem(db, item.changeSetId, item.itemIndex),
    ],
    [
      'rejected',
      (db: CountersignDatabase, item: ChangeItem) =>
        rejectItem(db, item.changeSetId, item.itemIndex),
    ],
  ])(
    'once %s, is decided once everywhere, and its twin can never be decided',
    async (verdict, decide) => {
      const { laptop, agent, taskId, first, second } = await twinProposals(2, 1);
      await deliver(agent, laptop);
      await deliver(laptop, agent);

      expect((await decide(laptop.db, first)).status).toBe(
        verdict === 'confirmed' ? 'applied' : 'rejected',
      );
      await deliver(laptop, agent);
      for (const device of [laptop, agent]) {
        const now = await seen(device.db, taskId);
        expect(now.badge).toBe(0);
        expect(now.inbox).toEqual([]);
        expect(now.heard).toEqual([`${verdict} Set priority to P1`]);
        expect(now.history).toEqual([verdict]);
      }

      // The twin, still on a screen that had not caught up: refused in words, nothing applied.
      for (const device of [laptop, agent]) {
        const twice = await confirmItem(device.db, second.changeSetId, second.itemIndex);
        expect(twice.status).toBe('already-decided');
        expect(twice.message).toMatch(/proposed on another device too/);
        expect(await device.db.decisions.count()).toBe(1);
      }
    },
  );

  it('comes back once when the decision is undone, and the twin stays hidden', async () => {
    const { laptop, agent, taskId, first } = await twinProposals(2, 1);
    await deliver(agent, laptop);
    await deliver(laptop, agent);
    const confirmed = await confirmItem(agent.db, first.changeSetId, first.itemIndex);
    expect((await undoDecision(agent.db, confirmed.decisionId!)).status).toBe('undone');
    await deliver(agent, laptop);
    for (const device of [laptop, agent]) {
      const now = await seen(device.db, taskId);
      expect(now.inbox).toEqual([first.id]);
      expect(now.badge).toBe(1);
      expect(now.heard.filter((line) => line.startsWith('open'))).toEqual([
        'open Set priority to P1',
      ]);
    }
  });

  it('when the change expires unreviewed, the agent hears "expired" once and the twin never expires', async () => {
    const { laptop, agent, taskId } = await twinProposals(2, 1);
    await deliver(agent, laptop);
    await deliver(laptop, agent);
    const later = new Date(Date.now() + 8 * 24 * HOUR);
    expect(await expireChangeSets(agent.db, later)).toBe(1);
    await deliver(agent, laptop);
    expect(await expireChangeSets(laptop.db, later)).toBe(0);
    for (const device of [laptop, agent]) {
      const now = await seen(device.db, taskId);
      expect(now.badge).toBe(0);
      expect(now.heard).toEqual(['expired Set priority to P1']);
    }
  });

  it('hides the survivor when its twin was decided on a device that never saw it', async () => {
    const { laptop, agent, taskId, second } = await twinProposals(2, 1);
    // The laptop decides its own proposal before the agent's arrives.
    await rejectItem(laptop.db, second.changeSetId, second.itemIndex);
    await deliver(agent, laptop);
    await deliver(laptop, agent);
    for (const device of [laptop, agent]) {
      const now = await seen(device.db, taskId);
      expect(now.badge).toBe(0);
      expect(now.inbox).toEqual([]);
      expect(now.heard).toEqual(['rejected Set priority to P1']);
    }
  });
});

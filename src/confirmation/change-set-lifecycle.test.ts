/**
 * The change set lifecycle of docs/decisions/0004-deferred-tools-and-change-sets.md: expiry
 * per item, from its own proposal; confirm refuses an
 * item past it; an undone rejection reopens its set; expiry moves the set's clock.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../db/database';
import { compareClocks } from '../domain/vector-clock';
import { propose, setWithItems } from '../../test/support/proposals';
import { createAgentReadyTask, createTestDatabase } from '../../test/support/test-database';
import { confirmItem } from './confirm-item';
import { expireChangeSets } from './expire-change-sets';
import { rejectItem } from './reject-item';
import { undoDecision } from './undo-decision';

let db: CountersignDatabase;
let taskId: string;
beforeEach(async () => {
  db = createTestDatabase();
  ({ taskId } = await createAgentReadyTask(db));
});
afterEach(async () => {
  await db.delete();
});

const DAY = 86_400_000;

/** Proposes one call at `at`, as a wake's flush at that time would (7 days to live). */
const proposeAt = (at: Date, name: string, args: Record<string, unknown>) =>
  propose(db, taskId, [{ name, args }], { now: () => at, ttlDays: 7 });

describe('the change set lifecycle', () => {
  it('counts expiry from each item’s own proposal, not from the set’s last flush', async () => {
    const start = new Date('2026-11-01T09:00:00.000Z');
    await proposeAt(start, 'update_task_priority', { priority: 'P1' });
    // The agent keeps proposing into the same open set three days later.
    await proposeAt(new Date(start.getTime() + 3 * DAY), 'update_task_estimate', { minutes: 30 });
    const [set] = await db.changeSets.toArray();
    expect((await setWithItems(db, set!.id)).items.map((item) => item.expiresAt)).toEqual([
      '2026-11-08T09:00:00.000Z',
      '2026-11-11T09:00:00.000Z',
    ]);

    expect(await expireChangeSets(db, new Date(start.getTime() + 7 * DAY + 1))).toBe(1);
    const after = await setWithItems(db, set!.id);
    expect(after.items.map((item) => item.status)).toEqual(['expired', 'pending']);
    expect(after.status).toBe('partiallyResolved');
  });

  it('refuses to confirm an item past its expiry, says so, and the item expires', async () => {
    const set = await propose(db, taskId, [
      { name: 'update_task_priority', args: { priority: 'P1' } },
    ]);
    const late = new Date(Date.parse(set.items[0]!.expiresAt!) + 1);
    const result = await confirmItem(db, set.id, 0, { now: () => late });
    expect(result).toEqual({
      status: 'expired',
      message: 'This proposal expired before it was reviewed.',
    });
    expect((await setWithItems(db, set.id)).items[0]!.status).toBe('expired');
    expect((await db.tasks.get(taskId))!.priority).toBe('P2');
  });

  it('clears resolvedAt when undoing a rejection reopens a resolved set', async () => {
    const set = await propose(db, taskId, [
      { name: 'update_task_estimate', args: { minutes: 30 } },
    ]);
    const rejected = await rejectItem(db, set.id, 0);
    expect(await setWithItems(db, set.id)).toMatchObject({
      status: 'resolved',
      resolvedAt: expect.any(String),
    });
    await undoDecision(db, rejected.decisionId!);
    const reopened = await setWithItems(db, set.id);
    expect(reopened.status).toBe('pending');
    expect(reopened).not.toHaveProperty('resolvedAt');
  });

  it('moves the set’s vector clock when its items expire, so other devices take the change', async () => {
    const set = await propose(db, taskId, [
      { name: 'update_task_priority', args: { priority: 'P1' } },
    ]);
    const before = (await db.changeSets.get(set.id))!;
    await expireChangeSets(db, new Date(Date.parse(set.items[0]!.expiresAt!) + 1));
    const after = (await db.changeSets.get(set.id))!;
    expect(after.status).toBe('expired');
    expect(compareClocks(after.vectorClock, before.vectorClock)).toBe('after');
    expect(after.rev).toBeGreaterThan(before.rev);
  });
});

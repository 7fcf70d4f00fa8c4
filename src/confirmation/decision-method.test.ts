/**
 * Each decision keeps how it was made (a swipe, a button, a key, Confirm all, a trusted
 * tool), so Activity on every device can say it; a synced decision naming a way this
 * version does not know is refused by its schema, never stored.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveTrustedTools } from '../dispatcher/agent-choices';
import type { CountersignDatabase } from '../db/database';
import { checkReceivedRow } from '../domain/received-row';
import { createAgentReadyTask, createTestDatabase } from '../../test/support/test-database';
import { propose } from '../../test/support/proposals';
import { applyTrustedItems } from './apply-trusted-items';
import { confirmAll } from './confirm-all';
import { confirmItem } from './confirm-item';
import { rejectItem } from './reject-item';

let db: CountersignDatabase;
let taskId: string;
beforeEach(async () => {
  db = createTestDatabase();
  ({ taskId } = await createAgentReadyTask(db));
});
afterEach(async () => {
  await db.delete();
});

const methods = async () =>
  (await db.decisions.orderBy('decidedAt').toArray()).map((decision) => decision.method);

describe('how a decision was made', () => {
  it('keeps the way a person confirmed or rejected one item', async () => {
    const set = await propose(db, taskId, [
      { name: 'update_task_estimate', args: { minutes: 30 } },
      { name: 'update_task_priority', args: { priority: 'P1' } },
      { name: 'set_task_title', args: { title: 'Renamed' } },
    ]);
    const at = (second: number) => () => new Date(Date.UTC(2026, 0, 1, 9, 0, second));
    await confirmItem(db, set.id, 0, { method: 'swipe', now: at(1) });
    await confirmItem(db, set.id, 1, { method: 'keyboard', now: at(2) });
    await rejectItem(db, set.id, 2, { method: 'button', now: at(3) });
    expect(await methods()).toEqual(['swipe', 'keyboard', 'button']);
  });

  it('marks every item of a Confirm all as such', async () => {
    const set = await propose(db, taskId, [
      { name: 'update_task_estimate', args: { minutes: 30 } },
      { name: 'update_task_priority', args: { priority: 'P1' } },
    ]);
    expect((await confirmAll(db, set.id)).applied).toHaveLength(2);
    expect(await methods()).toEqual(['confirmAll', 'confirmAll']);
  });

  it('marks what a trusted tool applied without asking as the rule', async () => {
    await saveTrustedTools(db, ['update_task_priority']);
    await propose(db, taskId, [{ name: 'update_task_priority', args: { priority: 'P0' } }]);
    expect(await applyTrustedItems(db, taskId)).toBe(1);
    expect(await methods()).toEqual(['rule']);
  });

  it('refuses a received decision whose way of making it is unknown', async () => {
    const set = await propose(db, taskId, [{ name: 'update_task_estimate', args: { minutes: 5 } }]);
    await confirmItem(db, set.id, 0, { method: 'swipe' });
    const [stored] = await db.decisions.toArray();
    expect(checkReceivedRow('decisions', stored).ok).toBe(true);
    const { method: _kept, ...older } = stored!;
    expect(checkReceivedRow('decisions', older).ok).toBe(true);
    expect(checkReceivedRow('decisions', { ...stored, method: 'telepathy' })).toMatchObject({
      ok: false,
      field: 'method',
    });
  });
});

/**
 * Confirm All's cost does not grow per item beyond its handlers' own work: the whole set
 * commits in one readwrite transaction, and the IndexedDB requests it makes (counted by a
 * Dexie middleware under every table) stay the same whether the set has 5 items or 20.
 * The bench's figure (section 8a) is the time; this is the shape, so a regression fails
 * here first.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../db/database';
import {
  countRequests,
  totalRequests as total,
  type RequestCounter,
} from '../../test/support/count-requests';
import {
  createAgentReadyTask,
  createTask,
  createTestDatabase,
} from '../../test/support/test-database';
import { propose } from '../../test/support/proposals';
import { confirmAll } from './confirm-all';

let db: CountersignDatabase;
let counter: RequestCounter;
/** The allowed category the agent's proposals are on. */
let categoryId: string;

beforeEach(async () => {
  db = createTestDatabase();
  counter = countRequests(db);
  ({ categoryId } = await createAgentReadyTask(db));
});
afterEach(async () => {
  await db.delete();
});

/** Confirm All of a set of `size` items of `calls(size)` on a fresh task, counted. */
async function countedConfirmAll(
  calls: (size: number) => { name: string; args: unknown }[],
  size: number,
) {
  const taskId = await createTask(db, `A task of ${size}`, { categoryId });
  const set = await propose(db, taskId, calls(size));
  expect(set.items).toHaveLength(size);
  const { value: result, counts } = await counter.count(() => confirmAll(db, set.id));
  expect(result.applied).toHaveLength(size);
  return counts;
}

const checklist = (size: number) => [
  {
    name: 'add_multiple_checklist_items',
    args: { items: Array.from({ length: size }, (_, index) => ({ title: `Step ${index}` })) },
  },
];

/** Four task fields, then checklist items: the bench's mixed set. */
const mixed = (size: number) => [
  { name: 'set_task_title', args: { title: 'Demo day' } },
  { name: 'update_task_estimate', args: { minutes: 90 } },
  { name: 'update_task_priority', args: { priority: 'P1' } },
  { name: 'update_task_due_date', args: { dueDate: '2031-05-01' } },
  ...checklist(size - 4),
];

describe('Confirm All: requests that do not grow with the set', () => {
  it.each([
    ['checklist items', checklist],
    ['mixed fields and checklist items', mixed],
  ])(
    '%s: one readwrite transaction, and the same requests for 5 items as for 20',
    async (_, calls) => {
      const small = await countedConfirmAll(calls, 5);
      const large = await countedConfirmAll(calls, 20);
      expect(small.readwrite).toBe(1);
      expect(large.readwrite).toBe(1);
      // Before the transaction: the set and its items, and the device id (once per database).
      expect(large.readonly).toBeLessThanOrEqual(small.readonly);
      // Every per-item read and write is one bulk request for the whole set.
      // Every per-item read and write is one bulk request for the whole set, but for the
      // handlers' own journal writes: sent as each item applies, never waited on one by one.
      const grown = [...large.requests].filter(([key, count]) => small.requests.get(key) !== count);
      expect(grown.map(([key]) => key)).toEqual(['checklistItems put']);
      expect(large.requests.get('checklistItems put')).toBe(
        small.requests.get('checklistItems put')! + 15,
      );
      // And few others: the rows read up front (with the items' twins on other devices,
      // decision 0016), the checklist read once and the bookkeeping.
      expect(total(large) - 20).toBeLessThanOrEqual(21);
      // Counted once for the batch, the decision figures still count every decision.
      const confirmed = await db.tallies.where('key').startsWith('decided:').toArray();
      expect(confirmed.reduce((sum, row) => sum + row.value, 0)).toBe(25);
    },
  );
});

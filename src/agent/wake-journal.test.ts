import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  countRequests,
  totalRequests,
  type RequestCounter,
} from '../../test/support/count-requests';
import {
  createAgentReadyTask,
  createTestDatabase,
  userWrite,
} from '../../test/support/test-database';
import type { CountersignDatabase } from '../db/database';
import { createJournalReader } from '../db/journal-store';
import { createWakeJournal } from './wake-journal';

let db: CountersignDatabase;
let counter: RequestCounter;
let taskId: string;

beforeEach(async () => {
  db = createTestDatabase();
  counter = countRequests(db);
  ({ taskId } = await createAgentReadyTask(db));
});
afterEach(() => db.delete());

/** What the wake's context read, as the journal reader returns it. */
async function seedOf() {
  const reader = createJournalReader(db);
  const [task, checklist, labels, categories] = await Promise.all([
    reader.task(taskId),
    reader.checklistItems(taskId),
    reader.labels(),
    reader.categories(),
  ]);
  return { task: task!, checklist, labels, categories };
}

describe('the wake journal', () => {
  it('answers what the context read without a request, and reads anything else once', async () => {
    const journal = createWakeJournal(db, await seedOf());
    const { counts } = await counter.count(async () => {
      await journal.task(taskId);
      await journal.storedRow('tasks', taskId);
      await journal.checklistItems(taskId);
      await journal.labels();
      await journal.categories();
    });
    expect(totalRequests(counts)).toBe(0);
    const { counts: other } = await counter.count(async () => {
      await journal.task('no-such-task');
      await journal.task('no-such-task');
    });
    expect(totalRequests(other)).toBe(1);
  });

  it('reads the journal again after forget(): the wake changed it', async () => {
    const journal = createWakeJournal(db, await seedOf());
    await userWrite(db, 'update_task_estimate', { minutes: 45 }, { taskId });
    expect((await journal.task(taskId))?.estimateMinutes).toBeUndefined();
    journal.forget();
    expect((await journal.task(taskId))?.estimateMinutes).toBe(45);
  });

  it('hands out lists the caller may sort without changing what it keeps', async () => {
    const journal = createWakeJournal(db, await seedOf());
    const first = await journal.checklistItems(taskId);
    const titles = first.map((item) => item.title);
    first.reverse().pop();
    expect((await journal.checklistItems(taskId)).map((item) => item.title)).toEqual(titles);
  });
});

/**
 * The audit read queries (src/db/queries/audit.ts), tested here beside their one caller.
 * Rows are written directly: these tests are about reading a long trail, not dispatch.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTask, createTestDatabase, userWrite } from '../../../test/support/test-database';
import type { CountersignDatabase } from '../../db/database';
import {
  countAuditMessages,
  listAuditPage,
  listTaskNames,
  type AuditFilter,
} from '../../db/queries/audit';
import type { AuditMessage } from '../../domain/audit';

const BASE = Date.parse('2026-01-01T00:00:00.000Z');

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

/** Message `index` of a trail of operations: even indexes are actions, odd ones their results. */
function message(index: number, patch: Partial<AuditMessage> = {}): AuditMessage {
  const isAction = index % 2 === 0;
  return {
    id: `message-${String(index).padStart(6, '0')}`,
    kind: isAction ? 'action' : 'toolResult',
    toolName: 'update_task_priority',
    operationId: `operation-${Math.floor(index / 2)}`,
    source: 'user',
    summary: `Message ${index}`,
    ...(isAction ? {} : { outcome: 'success' as const }),
    payload: {},
    createdAt: new Date(BASE + index * 1_000).toISOString(),
    ...patch,
  };
}

async function seed(count: number, patch: (index: number) => Partial<AuditMessage> = () => ({})) {
  const rows = Array.from({ length: count }, (_, index) => message(index, patch(index)));
  await db.auditMessages.bulkAdd(rows);
  return rows;
}

/** What a page must hold: the matching rows, newest first, read the slow and obvious way. */
function expectedPage(rows: AuditMessage[], filter: AuditFilter, limit: number) {
  return rows
    .filter(
      (row) =>
        (filter.taskId === undefined || row.taskId === filter.taskId) &&
        (filter.kinds === undefined || filter.kinds.includes(row.kind)) &&
        (filter.source === undefined || row.source === filter.source),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit)
    .map((row) => row.id);
}

const ids = (messages: AuditMessage[]) => messages.map((row) => row.id);

describe('listAuditPage', () => {
  it('returns the newest messages first, one page at a time', async () => {
    await seed(250);
    const first = await listAuditPage(db, {}, 100);
    expect(first.messages).toHaveLength(100);
    expect(first.messages[0]!.id).toBe('message-000249');
    expect(first.messages[99]!.id).toBe('message-000150');
    expect(first.hasMore).toBe(true);

    const wider = await listAuditPage(db, {}, 200);
    expect(ids(wider.messages).slice(0, 100)).toEqual(ids(first.messages));
    expect(wider.hasMore).toBe(true);

    const all = await listAuditPage(db, {}, 300);
    expect(all.messages).toHaveLength(250);
    expect(all.hasMore).toBe(false);
  });

  it('says there is no more when the page ends exactly at the oldest message', async () => {
    await seed(100);
    expect((await listAuditPage(db, {}, 100)).hasMore).toBe(false);
  });

  it('adds the action of a result whose action fell off the page', async () => {
    await seed(10);
    const page = await listAuditPage(db, {}, 3);
    expect(ids(page.messages)).toEqual(['message-000009', 'message-000008', 'message-000007']);
    expect(ids(page.related)).toEqual(['message-000006']);
  });

  it('finds a rare kind through the kind index and a common one by walking back in time', async () => {
    // 5,000 messages: about 2,500 results (too many to sort in memory) and ten denials.
    const rows = await seed(5_000, (index) =>
      index % 500 === 1 ? { kind: 'policyDenied', outcome: 'denied' } : {},
    );
    for (const kinds of [['policyDenied'], ['toolResult'], ['thought', 'observation']] as const) {
      const page = await listAuditPage(db, { kinds }, 100);
      expect(ids(page.messages)).toEqual(expectedPage(rows, { kinds }, 100));
    }
    const denied = await listAuditPage(db, { kinds: ['policyDenied'] }, 100);
    expect(denied.messages).toHaveLength(10);
    expect(denied.hasMore).toBe(false);
    expect(denied.related.every((row) => row.kind === 'action')).toBe(true);
  });

  it('filters by task, newest first, with kind and source applied too', async () => {
    const rows = await seed(600, (index) => ({
      taskId: index % 3 === 0 ? 'task-a' : 'task-b',
      source: index % 4 === 0 ? 'agent' : 'user',
    }));
    const byTask: AuditFilter = { taskId: 'task-a' };
    const page = await listAuditPage(db, byTask, 50);
    expect(ids(page.messages)).toEqual(expectedPage(rows, byTask, 50));
    expect(page.hasMore).toBe(true);

    const narrow: AuditFilter = { taskId: 'task-a', kinds: ['action'], source: 'agent' };
    expect(ids((await listAuditPage(db, narrow, 500)).messages)).toEqual(
      expectedPage(rows, narrow, 500),
    );
  });

  it('filters by source', async () => {
    const rows = await seed(300, (index) => (index % 7 === 0 ? { source: 'undo' } : {}));
    const page = await listAuditPage(db, { source: 'undo' }, 20);
    expect(ids(page.messages)).toEqual(expectedPage(rows, { source: 'undo' }, 20));
    expect(page.hasMore).toBe(true);
  });

  it('stops a search no index serves after a bounded read, and searches further on request', async () => {
    // One undo, as old as can be, under 300 newer messages.
    await seed(300, (index) => (index === 0 ? { source: 'undo' } : {}));
    const short = await listAuditPage(db, { source: 'undo' }, 2);
    expect(short.messages).toEqual([]);
    expect(short.hasMore).toBe(true);
    expect(short.searched?.messages).toBeLessThan(300);
    expect(short.searched?.back).toBe(message(300 - short.searched!.messages).createdAt);

    const further = await listAuditPage(db, { source: 'undo' }, 20);
    expect(ids(further.messages)).toEqual(['message-000000']);
    expect(further.searched).toBeUndefined();
    expect(further.hasMore).toBe(false);
  });

  it('names the tasks on the page, deleted ones included', async () => {
    const kept = await createTask(db, 'Kept');
    const gone = await createTask(db, 'Gone');
    await userWrite(db, 'update_task_priority', { priority: 'P1' }, { taskId: kept });
    await userWrite(db, 'update_task_priority', { priority: 'P1' }, { taskId: gone });
    await userWrite(db, 'delete_task', {}, { taskId: gone });
    const page = await listAuditPage(db, {}, 100);
    expect(page.tasks.get(kept)).toEqual({ id: kept, title: 'Kept', deleted: false });
    expect(page.tasks.get(gone)).toEqual({ id: gone, title: 'Gone', deleted: true });
  });
});

describe('countAuditMessages and listTaskNames', () => {
  it('counts every message and lists live tasks by title', async () => {
    expect(await countAuditMessages(db)).toBe(0);
    await createTask(db, 'banana');
    await createTask(db, 'Apple');
    const gone = await createTask(db, 'Cherry');
    await userWrite(db, 'delete_task', {}, { taskId: gone });
    expect(await countAuditMessages(db)).toBe(8);
    expect((await listTaskNames(db)).map((task) => task.title)).toEqual(['Apple', 'banana']);
  });
});

/**
 * The audit read queries (src/db/queries/activity-audit.ts), tested here beside their one caller.
 * Rows are written directly: these tests are about reading a long trail, not dispatch.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { itemsOfTask } from '../../../test/support/proposals';
import type { ScriptedTurn } from '../../../test/support/scripted-model';
import {
  createAgentReadyTask,
  createTask,
  createTestDatabase,
  userWrite,
} from '../../../test/support/test-database';
import { confirmItem } from '../../confirmation/confirm-item';
import { rejectItem } from '../../confirmation/reject-item';
import { undoDecision } from '../../confirmation/undo-decision';
import type { CountersignDatabase } from '../../db/database';
import {
  hasAuditMessages,
  listAuditPage,
  listTaskNames,
  type AuditFilter,
} from '../../db/queries/activity-audit';
import { wakeRunKey } from '../../db/queries/activity-wake-run-key';
import { getDeviceId } from '../../db/settings';
import type { AuditMessage } from '../../domain/audit';
import { scriptedWake } from '../../../test/support/scripted-wake';

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

const wakeOn = (taskId: string, turns: ScriptedTurn[]) => scriptedWake(db, taskId, turns);

const WAKE: ScriptedTurn[] = [
  {
    text: 'The demo needs an estimate and two steps.',
    toolCalls: [
      { name: 'update_task_estimate', args: { minutes: 90, rationale: 'Two steps of 45 min.' } },
      { name: 'update_task_priority', args: { priority: 'P0' } },
      {
        name: 'add_multiple_checklist_items',
        args: { items: [{ title: 'Rehearse' }, { title: 'Print handouts' }] },
      },
    ],
  },
  {
    toolCalls: [
      {
        name: 'update_report',
        args: { oneLiner: 'Demo prep on track', tldr: 'Two steps.', content: '-' },
      },
    ],
  },
];

/** The action of the wake's call of `toolName`. */
const actionOf = (messages: AuditMessage[], toolName: string) =>
  messages.find(
    (message) =>
      message.kind === 'action' &&
      message.toolName === toolName &&
      message.source !== 'confirmation',
  )!;

describe('listAuditPage on a wake', () => {
  it('shows a wake whole, whichever of its messages made the page, within the filter', async () => {
    const { taskId } = await createAgentReadyTask(db);
    const runKey = await wakeOn(taskId, WAKE);
    const ofWake = await db.auditMessages.where('runKey').equals(runKey).toArray();
    // A thought, three proposals and the report: an action and a result each.
    expect(ofWake).toHaveLength(9);

    const page = await listAuditPage(db, {}, 1);
    expect(page.messages.map(wakeRunKey)).toEqual([runKey]);
    expect(ids([...page.messages, ...page.wakeMessages]).sort()).toEqual(ids(ofWake).sort());
    expect(page.hasMore).toBe(true);

    const thoughts = await listAuditPage(db, { kinds: ['thought'] }, 1);
    expect(thoughts.messages.map((message) => message.summary)).toEqual([
      'The demo needs an estimate and two steps.',
    ]);
    expect(thoughts.wakeMessages).toEqual([]);
  });

  it('says what became of each proposal: pending, confirmed, rejected with its reason, undone', async () => {
    const { taskId } = await createAgentReadyTask(db);
    await wakeOn(taskId, WAKE);
    const [estimate, priority, rehearse, handouts] = await itemsOfTask(db, taskId);
    expect(estimate!.toolName).toBe('update_task_estimate');

    let page = await listAuditPage(db, {}, 100);
    const fatesOf = (toolName: string) =>
      page.proposals.get(actionOf(page.messages, toolName).operationId!);
    expect(fatesOf('update_task_estimate')).toEqual([
      {
        itemId: estimate!.id,
        toolName: 'update_task_estimate',
        summary: 'Set estimate to 90 minutes',
        status: 'pending',
        rationale: 'Two steps of 45 min.',
        proposedOn: await getDeviceId(db),
      },
    ]);
    expect(fatesOf('add_multiple_checklist_items')!.map((fate) => fate.summary)).toEqual([
      'Add: "Rehearse"',
      'Add: "Print handouts"',
    ]);

    await confirmItem(db, estimate!.changeSetId, estimate!.itemIndex);
    await rejectItem(db, priority!.changeSetId, priority!.itemIndex, { reason: 'Not urgent' });
    const confirmed = await confirmItem(db, rehearse!.changeSetId, rehearse!.itemIndex);
    await undoDecision(db, confirmed.decisionId!);
    expect(handouts!.status).toBe('pending');

    page = await listAuditPage(db, {}, 100);
    expect(fatesOf('update_task_estimate')!.map((fate) => fate.status)).toEqual(['confirmed']);
    expect(fatesOf('update_task_priority')).toMatchObject([
      { status: 'rejected', decision: { verdict: 'rejected', rejectionReason: 'Not urgent' } },
    ]);
    // An undone confirmation gives the proposal back: it waits again.
    expect(fatesOf('add_multiple_checklist_items')!.map((fate) => fate.status)).toEqual([
      'pending',
      'pending',
    ]);

    // A confirmation names the item it decided, and hears of an undo too.
    const confirmations = page.messages.filter(
      (message) => message.source === 'confirmation' && message.kind === 'action',
    );
    expect(confirmations.map((message) => message.summary).sort()).toEqual([
      'Add: "Rehearse"',
      'Set estimate to 90 minutes',
    ]);
    const rehearsed = confirmations.find((message) => message.summary === 'Add: "Rehearse"')!;
    expect(page.proposals.get(rehearsed.operationId!)).toMatchObject([
      { itemId: rehearse!.id, status: 'pending', decision: { verdict: 'confirmed' } },
    ]);
    expect(page.proposals.get(rehearsed.operationId!)![0]!.decision!.undoneAt).toBeDefined();
  });

  it("never takes another wake's items for a call of the same id", async () => {
    const { taskId } = await createAgentReadyTask(db);
    const first = await wakeOn(taskId, [
      { toolCalls: [{ name: 'update_task_estimate', args: { minutes: 90 } }] },
      { text: 'Done.' },
    ]);
    // The scripted model numbers its calls the same way in every wake.
    const second = await wakeOn(taskId, [
      { toolCalls: [{ name: 'update_task_priority', args: { priority: 'P1' } }] },
      { text: 'Done.' },
    ]);
    const page = await listAuditPage(db, {}, 100);
    for (const [runKey, summary] of [
      [first, 'Set estimate to 90 minutes'],
      [second, 'Set priority to P1'],
    ] as const) {
      const action = page.messages.find(
        (message) => message.runKey === runKey && message.kind === 'action',
      )!;
      expect(page.proposals.get(action.operationId!)!.map((fate) => fate.summary)).toEqual([
        summary,
      ]);
    }
  });
});

describe('hasAuditMessages and listTaskNames', () => {
  it('says whether there is any message and lists live tasks by title', async () => {
    expect(await hasAuditMessages(db)).toBe(false);
    await createTask(db, 'banana');
    await createTask(db, 'Apple');
    const gone = await createTask(db, 'Cherry');
    await userWrite(db, 'delete_task', {}, { taskId: gone });
    expect(await hasAuditMessages(db)).toBe(true);
    expect((await listTaskNames(db)).map((task) => task.title)).toEqual(['Apple', 'banana']);
  });
});

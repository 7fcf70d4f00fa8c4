/**
 * What a wake costs IndexedDB, and what its proposals read: the policy check and the
 * context are one read transaction (and a denied wake reads nothing else), the proposals
 * read the journal as the context read it, and the last turn's audit goes with the wake's
 * end. Bench section 7 has the time; this is the shape, so a regression fails here first.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { countRequests, type RequestCounter } from '../../test/support/count-requests';
import { itemsOfTask } from '../../test/support/proposals';
import { scriptedModel, type ScriptedTurn } from '../../test/support/scripted-model';
import { wakeWithModel } from '../../test/support/scripted-wake';
import {
  allowAgentCategories,
  createAgentReadyTask,
  createTask,
  createTestDatabase,
  userWrite,
} from '../../test/support/test-database';
import { confirmItem } from '../confirmation/confirm-item';
import type { CountersignDatabase } from '../db/database';

let db: CountersignDatabase;
let counter: RequestCounter;
let ids: Awaited<ReturnType<typeof createAgentReadyTask>>;

beforeEach(async () => {
  db = createTestDatabase();
  counter = countRequests(db);
  ids = await createAgentReadyTask(db);
  return () => db.delete();
});

/** Runs a wake of `turns` on `taskId`; `beforeTurn` runs as the model starts each turn. */
function wakeOn(
  taskId: string,
  turns: ScriptedTurn[],
  beforeTurn?: (turn: number) => Promise<void>,
) {
  const { model } = scriptedModel(turns);
  let turn = 0;
  const doStream = model.doStream.bind(model);
  model.doStream = async (options) => {
    await beforeTurn?.(++turn);
    return doStream(options);
  };
  return wakeWithModel(db, taskId, model);
}

/** The bench's wake (bench/page/instant-model.ts): 5 proposals, an immediate write, notes. */
const BENCH_SHAPE: ScriptedTurn[] = [
  {
    text: 'Proposing a clearer title, an estimate and the next steps.',
    toolCalls: [
      { name: 'set_task_title', args: { title: 'Prepare the demo, clarified' } },
      { name: 'update_task_estimate', args: { minutes: 90 } },
      {
        name: 'add_multiple_checklist_items',
        args: { items: [{ title: 'Plan' }, { title: 'Review' }, { title: 'Roll out' }] },
      },
      { name: 'set_task_language', args: { languageCode: 'de' } },
      {
        name: 'record_observations',
        args: { observations: [{ text: 'Vendor', priority: 'high' }] },
      },
    ],
  },
  {
    toolCalls: [
      { name: 'update_report', args: { oneLiner: 'Half done', tldr: 'Steady.', content: '## Ok' } },
    ],
  },
];

describe('a wake in few transactions', () => {
  it('reads once, then writes its start, the immediate call, the turn and its end', async () => {
    const { value: outcome, counts } = await counter.count(() => wakeOn(ids.taskId, BENCH_SHAPE));
    expect(outcome).toMatchObject({ status: 'done', proposed: 5, turns: 2 });
    // One read: the policy check and the context together. The proposals read nothing more.
    expect(counts.readonly).toBe(1);
    // The wake record, set_task_language, turn 1's proposals and audit, the end with the
    // report, the observation and turn 2's audit.
    expect(counts.readwrite).toBe(4);
    expect(counts.readonly + counts.readwrite).toBeLessThanOrEqual(12);
    // The end writes only its own rows: it never waits on a reader of the journal or inbox.
    expect(counts.readwriteScopes.at(-1)).toEqual([
      'auditMessages',
      'mutations',
      'observations',
      'outbox',
      'reports',
      'settings',
      'wakes',
    ]);
    // Turn 2 wrote no flush of its own, and its audit is still in the trail.
    const trail = await db.auditMessages.where('taskId').equals(ids.taskId).toArray();
    expect(trail.filter((row) => row.toolName === 'update_report')).toHaveLength(2);
    expect((await db.reports.toArray()).map((row) => row.oneLiner)).toEqual(['Half done']);
  });

  it("writes a last turn of only text with the wake's end: its thought is in the trail", async () => {
    const { value: outcome, counts } = await counter.count(() =>
      wakeOn(ids.taskId, [
        { toolCalls: [{ name: 'update_task_estimate', args: { minutes: 90 } }] },
        { text: 'Nothing more to propose.' },
      ]),
    );
    expect(outcome).toMatchObject({ status: 'done', proposed: 1, turns: 2 });
    // The wake record, turn 1's proposal and audit, and the end with turn 2's thought.
    expect(counts.readwrite).toBe(3);
    const thoughts = await db.auditMessages
      .where('taskId')
      .equals(ids.taskId)
      .filter((row) => row.kind === 'thought')
      .toArray();
    expect(thoughts.map((row) => row.summary)).toEqual(['Nothing more to propose.']);
  });

  it('reads nothing but the policy rows (the task, the agent, the categories) on a task the agent may not act on', async () => {
    const other = await userWrite(db, 'save_category', { name: 'Home', color: '#225522' });
    const taskId = await createTask(db, 'Private things', {
      categoryId: other.data!.categoryId as string,
    });
    const { value: outcome, counts } = await counter.count(() => wakeOn(taskId, BENCH_SHAPE));
    expect(outcome.status).toBe('denied');
    expect(counts).toMatchObject({ readonly: 1, readwrite: 0 });
    expect([...counts.requests.keys()].sort()).toEqual([
      'agents get',
      'categories query',
      'tasks get',
    ]);
  });
});

describe("a wake's proposals read the journal as the model was shown it", () => {
  it('a field the person changes while the model thinks makes its proposal stale', async () => {
    const outcome = await wakeOn(
      ids.taskId,
      [{ toolCalls: [{ name: 'update_task_estimate', args: { minutes: 90 } }] }, { text: 'Done.' }],
      async (turn) => {
        if (turn === 1)
          await userWrite(db, 'update_task_estimate', { minutes: 45 }, { taskId: ids.taskId });
      },
    );
    expect(outcome).toMatchObject({ status: 'done', proposed: 1 });
    const [item] = await itemsOfTask(db, ids.taskId);
    // The model proposed 90 over the estimate it read (none), not over the person's 45.
    expect(item!.base).toEqual({ estimateMinutes: null });
    const confirmed = await confirmItem(db, item!.changeSetId, item!.itemIndex);
    expect(confirmed.status).toBe('stale');
    expect((await db.tasks.get(ids.taskId))!.estimateMinutes).toBe(45);
  });

  it("after the wake's own immediate write, later proposals read the task again", async () => {
    const outcome = await wakeOn(ids.taskId, [
      {
        toolCalls: [
          { name: 'set_task_language', args: { languageCode: 'de' } },
          { name: 'update_task_estimate', args: { minutes: 90 } },
        ],
      },
      { text: 'Done.' },
    ]);
    expect(outcome).toMatchObject({ status: 'done', proposed: 1 });
    const [item] = await itemsOfTask(db, ids.taskId);
    expect(item!.baseRev).toBe((await db.tasks.get(ids.taskId))!.rev);
  });

  it('an allowed category that is no longer allowed stops the next wake', async () => {
    await allowAgentCategories(db, []);
    const outcome = await wakeOn(ids.taskId, BENCH_SHAPE);
    expect(outcome).toMatchObject({ status: 'denied', kind: 'policy' });
    expect(await db.wakes.count()).toBe(0);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { confirmItem } from '../confirmation/confirm-item';
import { rejectItem, setRejectionReason } from '../confirmation/reject-item';
import type { Decision } from '../domain/change-set';
import { propose } from '../../test/support/proposals';
import { createTask, userWrite } from '../../test/support/test-database';
import { countRequests, type RequestCounter } from '../../test/support/count-requests';
import { stamp, taskRow } from '../../test/support/factories';
import { agentReadySuite } from '../../test/support/agent-ready-suite';
import { RECORD_BUDGET_CHARACTERS, summarizeRecord } from './decision-record-summary';
import { renderContext } from './render-context';
import { buildWakeContext } from './wake-context';

const suite = agentReadySuite();
let counter: RequestCounter;
beforeEach(() => {
  counter = countRequests(suite.db);
});
/** A decision on another task, as another part of the journal would hold it. */
const decisionRow = (fields: Partial<Decision>): Decision => ({
  id: crypto.randomUUID(),
  changeSetId: 'elsewhere',
  taskId: 'elsewhere',
  itemIndex: 0,
  toolName: 'update_task_estimate',
  args: { minutes: 5 },
  fingerprint: crypto.randomUUID(),
  verdict: 'confirmed',
  actor: 'user',
  decidedAt: '2030-01-01T00:00:00.000Z',
  deviceId: 'device',
  ...stamp(),
  ...fields,
});
const contextText = async () =>
  renderContext((await buildWakeContext(suite.db, suite.ids.taskId, 'default-agent'))!);

describe('the wake context after decisions', () => {
  it('tells the agent what it proposed and what the person applied instead, per item', async () => {
    const set = await propose(suite.db, suite.ids.taskId, [
      { name: 'update_task_estimate', args: { minutes: 90 } },
    ]);
    await confirmItem(suite.db, set.id, 0, { edited: { minutes: 60 } });
    const text = await contextText();
    expect(text).toContain(
      '- CONFIRMED WITH CHANGES: you proposed "Set estimate to 90 minutes"; the user applied "Set estimate to 60 minutes" instead (90 → 60)',
    );
    expect(text).toMatch(
      /## Your record[^\n]*\n- Estimate \(this task\): 1 confirmed with changes \(typical edit: 90 → 60\)/,
    );
  });

  it('summarises other tasks of the category with the top rejection reasons', async () => {
    const other = await createTask(suite.db, 'Other', { categoryId: suite.ids.categoryId });
    for (const minutes of [30, 45, 50]) {
      const set = await propose(suite.db, other, [
        { name: 'update_task_estimate', args: { minutes } },
      ]);
      const rejected = await rejectItem(suite.db, set.id, set.items.length - 1);
      await setRejectionReason(suite.db, rejected.decisionId!, 'Too short');
    }
    expect(await contextText()).toContain(
      '- Estimate (other tasks in "Work"): 3 rejected (reasons: "Too short" ×3)',
    );
  });

  it('keeps a decision with the category its task was in when it was decided', async () => {
    const home = await userWrite(suite.db, 'save_category', { name: 'Home', color: '#000000' });
    const other = await createTask(suite.db, 'Other', { categoryId: suite.ids.categoryId });
    const set = await propose(suite.db, other, [
      { name: 'update_task_estimate', args: { minutes: 30 } },
    ]);
    const rejected = await rejectItem(suite.db, set.id, 0);
    expect(await suite.db.decisions.get(rejected.decisionId!)).toMatchObject({
      categoryId: suite.ids.categoryId,
    });
    // The task moves on; what was decided in "Work" still teaches about "Work".
    await userWrite(
      suite.db,
      'set_task_category',
      { categoryId: home.data!.categoryId },
      { taskId: other },
    );
    expect(await contextText()).toContain('- Estimate (other tasks in "Work"): 1 rejected');
  });

  it('reads the newest decisions of the category, however busy the rest of the journal is', async () => {
    const other = await createTask(suite.db, 'Other', { categoryId: suite.ids.categoryId });
    const set = await propose(suite.db, other, [
      { name: 'update_task_estimate', args: { minutes: 30 } },
    ]);
    await rejectItem(suite.db, set.id, 0);
    // Newer decisions elsewhere, more than the record's window, and a large category.
    const later = Date.parse('2030-01-01T00:00:00.000Z');
    await suite.db.decisions.bulkAdd(
      Array.from({ length: 400 }, (_, index) =>
        decisionRow({
          taskId: `elsewhere-${index}`,
          categoryId: 'another-category',
          decidedAt: new Date(later + index).toISOString(),
        }),
      ),
    );
    await suite.db.tasks.bulkAdd(
      Array.from({ length: 500 }, (_, index) =>
        taskRow({ title: `Filler ${index}`, categoryId: suite.ids.categoryId }),
      ),
    );
    let decisionsRead = 0;
    suite.db.decisions.hook('reading', (row) => ((decisionsRead += 1), row));
    const { value: text, counts } = await counter.count(contextText);
    expect(text).toContain('- Estimate (other tasks in "Work"): 1 rejected');
    // No read of the category's tasks; of the decisions, this task's and the category's.
    expect(counts.requests.get('tasks query')).toBeUndefined();
    expect(decisionsRead).toBeLessThanOrEqual(2);
  });
});

describe('the record summary', () => {
  const decision = (index: number): Decision => ({
    id: `d${index}`,
    changeSetId: 'set',
    taskId: 'task',
    itemIndex: index,
    // Many kinds, long reasons: more than the budget could ever hold.
    toolName: [
      'update_task_estimate',
      'set_task_title',
      'update_task_priority',
      'assign_task_label',
    ][index % 4]!,
    args: { minutes: index },
    ...(index % 3 === 0 ? { appliedArgs: { minutes: index + 1 } } : {}),
    fingerprint: `f${index}`,
    verdict: index % 2 === 0 ? 'confirmed' : 'rejected',
    actor: 'user',
    rejectionReason: `${'A very long reason '.repeat(20)}${index}`,
    decidedAt: new Date(1_700_000_000_000 + index).toISOString(),
    deviceId: 'device',
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
    rev: 1,
    vectorClock: {},
  });

  it('stays within its budget however long the history', () => {
    const decisions = Array.from({ length: 5_000 }, (_, index) => decision(index));
    const scopes = Array.from({ length: 20 }, (_, index) => ({
      name: `scope ${index}`,
      decisions,
    }));
    const lines = summarizeRecord(scopes);
    expect(lines.join('\n').length).toBeLessThanOrEqual(RECORD_BUDGET_CHARACTERS);
    expect(lines.at(-1)).toMatch(/more not shown/);
    expect(lines.length).toBeGreaterThan(1);
  });
});

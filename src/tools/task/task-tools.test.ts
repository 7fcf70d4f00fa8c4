import { agentReadySuite, type AgentReadySuite } from '../../../test/support/agent-ready-suite';
import { describe, expect, it } from 'vitest';
import type { CountersignDatabase } from '../../db/database';
import { dispatch } from '../../dispatcher/dispatch';
import { createJournalReader } from '../../db/journal-store';
import { allowAgentCategories, userWrite } from '../../../test/support/test-database';
import { setTaskCategory } from './set-task-category';

let db: CountersignDatabase;
let ids: AgentReadySuite['ids'];
agentReadySuite((fresh) => ({ db, ids } = fresh));

const confirm = (tool: string, args: unknown) =>
  dispatch(db, tool, args, {
    source: 'confirmation',
    taskId: ids.taskId,
    operationKey: crypto.randomUUID(),
  });
const task = async () => (await db.tasks.get(ids.taskId))!;

describe('task field tools', () => {
  it('accept a numeric string estimate and any-case priority', async () => {
    expect((await confirm('update_task_estimate', { minutes: ' 75 ' })).success).toBe(true);
    expect((await confirm('update_task_priority', { priority: 'p0' })).success).toBe(true);
    expect(await task()).toMatchObject({ estimateMinutes: 75, priority: 'P0' });
  });

  it('set a real due date and say when it is already set', async () => {
    expect((await confirm('update_task_due_date', { dueDate: '2028-02-29' })).success).toBe(true);
    const again = await confirm('update_task_due_date', { dueDate: '2028-02-29' });
    expect(again).toMatchObject({ success: true, noop: true });
    expect(again.output).toMatch(/already 2028-02-29/);
  });

  it('append status changes to the history with the reason and who made them', async () => {
    await confirm('set_task_status', { status: 'blocked', reason: 'Waiting for keys' });
    await userWrite(db, 'change_task_status', { status: 'DONE' }, { taskId: ids.taskId });
    const { status, statusHistory, statusReason } = await task();
    expect(status).toBe('DONE');
    expect(statusReason).toBeUndefined();
    expect(statusHistory.slice(-2)).toMatchObject([
      { status: 'BLOCKED', reason: 'Waiting for keys', by: 'agent' },
      { status: 'DONE', by: 'user' },
    ]);
  });

  it('require a reason for BLOCKED and ON HOLD', async () => {
    const result = await confirm('set_task_status', { status: 'ON HOLD' });
    expect(result.success).toBe(false);
    expect(result.output).toMatch(/reason is required for ON HOLD.*Example/);
    expect((await task()).status).toBe('OPEN');
  });

  it('never overwrite a language the user set, and say so', async () => {
    await userWrite(db, 'set_task_language', { languageCode: 'en' }, { taskId: ids.taskId });
    const result = await dispatch(
      db,
      'set_task_language',
      { languageCode: 'de' },
      { source: 'agent', taskId: ids.taskId },
    );
    expect(result).toMatchObject({ success: true, noop: true });
    expect(result.output).toMatch(/user set the language to "en"; it was not changed/);
    expect(await task()).toMatchObject({ languageCode: 'en', languageSource: 'user' });
  });

  it('let the agent record a language nobody set', async () => {
    const result = await dispatch(
      db,
      'set_task_language',
      { languageCode: 'DE' },
      { source: 'agent', taskId: ids.taskId },
    );
    expect(result.success).toBe(true);
    expect(await task()).toMatchObject({ languageCode: 'de', languageSource: 'agent' });
  });
});

describe('label tools', () => {
  it('assign existing labels only, listing the available ones otherwise', async () => {
    const missing = await confirm('assign_task_label', { id: 'no-such-label' });
    expect(missing.success).toBe(false);
    expect(missing.output).toMatch(/Only existing labels.*Urgent/);
    expect((await confirm('assign_task_label', { id: ids.labelId })).success).toBe(true);
    expect((await task()).labelIds).toEqual([ids.labelId]);
  });

  it('refuse labels scoped to another category', async () => {
    const other = await userWrite(db, 'save_category', { name: 'Home', color: '#000000' });
    const scoped = await userWrite(db, 'save_label', {
      name: 'Garden',
      color: '#00aa00',
      categoryIds: [other.data!.categoryId],
    });
    const result = await confirm('assign_task_label', { id: scoped.data!.labelId });
    expect(result.output).toMatch(/does not apply to tasks in this task's category/);
  });

  it('suppress a label the user removed, so the agent cannot assign it again', async () => {
    await confirm('assign_task_label', { id: ids.labelId });
    await userWrite(db, 'set_task_labels', { labelIds: [] }, { taskId: ids.taskId });
    expect((await task()).suppressedLabelIds).toEqual([ids.labelId]);
    const again = await confirm('assign_task_label', { id: ids.labelId });
    expect(again.output).toMatch(/user removed the label "Urgent"/);
    await userWrite(db, 'set_task_labels', { labelIds: [ids.labelId] }, { taskId: ids.taskId });
    expect((await task()).suppressedLabelIds).toEqual([]);
  });
});

describe('set_task_category', () => {
  it('drops labels scoped to other categories when the task moves', async () => {
    const home = await userWrite(db, 'save_category', { name: 'Home', color: '#000000' });
    const homeId = home.data!.categoryId as string;
    const scoped = await userWrite(db, 'save_label', {
      name: 'Office only',
      color: '#00aa00',
      categoryIds: [ids.categoryId],
    });
    await userWrite(
      db,
      'set_task_labels',
      { labelIds: [ids.labelId, scoped.data!.labelId] },
      { taskId: ids.taskId },
    );
    const moved = await userWrite(
      db,
      'set_task_category',
      { categoryId: homeId },
      { taskId: ids.taskId },
    );
    expect(moved.output).toMatch(/Removed 1 label/);
    expect(await task()).toMatchObject({ categoryId: homeId, labelIds: [ids.labelId] });
  });

  it('lets a confirmed move go only to a category the agent may still act on', async () => {
    const home = await userWrite(db, 'save_category', { name: 'Home', color: '#000000' });
    const homeId = home.data!.categoryId as string;
    const refused = await confirm('set_task_category', { categoryId: homeId });
    expect(refused.success).toBe(false);
    expect(refused.output).toMatch(/not allowed you to act on tasks in that category/);
    expect((await task()).categoryId).toBe(ids.categoryId);

    await allowAgentCategories(db, [ids.categoryId, homeId]);
    expect((await confirm('set_task_category', { categoryId: homeId })).success).toBe(true);
    expect((await task()).categoryId).toBe(homeId);
  });

  it('previews the move by category names', async () => {
    const home = await userWrite(db, 'save_category', { name: 'Home', color: '#000000' });
    const preview = await setTaskCategory.preview!(
      { categoryId: home.data!.categoryId as string },
      createJournalReader(db),
      { taskId: ids.taskId },
    );
    expect(preview).toEqual({ before: 'Work', after: 'Home' });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  allowAgentCategories,
  createAgentReadyTask,
  createTestDatabase,
  userWrite,
} from '../../test/support/test-database';
import { dispatch } from '../dispatcher/dispatch';
import { readDefaultAgent } from './agent-config';
import type { CountersignDatabase } from './database';

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  await db.delete();
});

const agentCall = (taskId: string) =>
  dispatch(db, 'set_task_language', { languageCode: 'de' }, { source: 'agent', taskId });

describe('the agent allowlist', () => {
  it('is what the dispatcher enforces', async () => {
    const { taskId, categoryId } = await createAgentReadyTask(db);
    await allowAgentCategories(db, []);
    expect((await agentCall(taskId)).policyDenied).toBe(true);
    await userWrite(db, 'allow_agent_category', { categoryId, allowed: true });
    const again = await dispatch(
      db,
      'allow_agent_category',
      { categoryId, allowed: true },
      { source: 'user' },
    );
    expect(again.noop).toBe(true);
    expect((await readDefaultAgent(db))?.allowedCategoryIds).toEqual([categoryId]);
    expect((await agentCall(taskId)).success).toBe(true);
  });

  it('loses a category when it is deleted, and its tasks count as uncategorised', async () => {
    const { taskId, categoryId } = await createAgentReadyTask(db);
    await userWrite(db, 'delete_category', { id: categoryId });
    expect((await readDefaultAgent(db))?.allowedCategoryIds).toEqual([]);
    const denied = await agentCall(taskId);
    expect(denied.policyDenied).toBe(true);
    expect(denied.output).toMatch(/this task has no category/);
  });

  it('denies a task whose category was deleted even if the allowlist still names it', async () => {
    const { taskId, categoryId } = await createAgentReadyTask(db);
    const category = (await db.categories.get(categoryId))!;
    // As an older version (or another device) could leave it: deleted, yet still allowed.
    await db.categories.put({ ...category, deletedAt: new Date().toISOString() });
    expect((await readDefaultAgent(db))?.allowedCategoryIds).toEqual([categoryId]);
    expect((await agentCall(taskId)).policyDenied).toBe(true);
  });

  it('is refused for a category that does not exist, and undone like any write', async () => {
    const missing = await dispatch(
      db,
      'allow_agent_category',
      { categoryId: 'nope', allowed: true },
      { source: 'user' },
    );
    expect(missing.success).toBe(false);
    expect(await readDefaultAgent(db)).toBeUndefined();
  });
});

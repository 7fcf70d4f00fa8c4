import { afterEach, describe, expect, it } from 'vitest';
import { createAgentReadyTask, createTestDatabase } from '../../test/support/test-database';
import { dispatch } from '../dispatcher/dispatch';
import { readDefaultAgent, saveAgentAllowedCategories } from './agent-config';

const db = createTestDatabase();
afterEach(async () => {
  await db.delete();
});

describe('the agent allowlist in Settings', () => {
  it('is what the dispatcher enforces', async () => {
    const { taskId, categoryId } = await createAgentReadyTask(db);
    await saveAgentAllowedCategories(db, []);
    const denied = await dispatch(
      db,
      'set_task_language',
      { languageCode: 'de' },
      { source: 'agent', taskId },
    );
    expect(denied.policyDenied).toBe(true);
    await saveAgentAllowedCategories(db, [categoryId, categoryId]);
    expect((await readDefaultAgent(db))?.allowedCategoryIds).toEqual([categoryId]);
    const allowed = await dispatch(
      db,
      'set_task_language',
      { languageCode: 'de' },
      { source: 'agent', taskId },
    );
    expect(allowed.success).toBe(true);
  });
});

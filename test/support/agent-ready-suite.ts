/** For a describe block: a fresh database per test with a task the agent may act on (see createAgentReadyTask). */
import { afterEach, beforeEach } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import type { Task } from '../../src/domain/task';
import { setWithItems } from './proposals';
import { createAgentReadyTask, createTestDatabase } from './test-database';

export interface AgentReadySuite {
  db: CountersignDatabase;
  ids: Awaited<ReturnType<typeof createAgentReadyTask>>;
  /** The suite's task as stored now. */
  task(): Promise<Task>;
  /** A change set with its items, as stored now. */
  setOf(id: string): ReturnType<typeof setWithItems>;
}

/** `onEach` hands each test's database and task to a file that keeps its own `db` and `ids`. */
export function agentReadySuite(onEach?: (suite: AgentReadySuite) => void): AgentReadySuite {
  const suite = {
    task: async () => (await suite.db.tasks.get(suite.ids.taskId))!,
    setOf: (id: string) => setWithItems(suite.db, id),
  } as AgentReadySuite;
  beforeEach(async () => {
    suite.db = createTestDatabase();
    suite.ids = await createAgentReadyTask(suite.db);
    onEach?.(suite);
  });
  afterEach(async () => {
    await suite.db.delete();
  });
  return suite;
}

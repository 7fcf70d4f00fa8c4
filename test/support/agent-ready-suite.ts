/** For a describe block: a fresh database per test with a task the agent may act on (see createAgentReadyTask). */
import { afterEach, beforeEach } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { createAgentReadyTask, createTestDatabase } from './test-database';

export interface AgentReadySuite {
  db: CountersignDatabase;
  ids: Awaited<ReturnType<typeof createAgentReadyTask>>;
}

/** `onEach` hands each test's database and task to a file that keeps its own `db` and `ids`. */
export function agentReadySuite(onEach?: (suite: AgentReadySuite) => void): AgentReadySuite {
  const suite = {} as AgentReadySuite;
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

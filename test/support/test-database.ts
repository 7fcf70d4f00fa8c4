/** A fresh, uniquely named database per test (fake-indexeddb in vitest). */
import { CountersignDatabase } from '../../src/db/database';
import { dispatch } from '../../src/dispatcher/dispatch';
import type { DispatchContext } from '../../src/dispatcher/dispatch-types';

export function createTestDatabase(): CountersignDatabase {
  return new CountersignDatabase(`test-${crypto.randomUUID()}`);
}

/** Dispatches as the user and fails the test loudly when the write did not succeed. */
export async function userWrite(
  db: CountersignDatabase,
  toolName: string,
  args: unknown,
  context: Partial<DispatchContext> = {},
) {
  const result = await dispatch(db, toolName, args, { source: 'user', ...context });
  if (!result.success) throw new Error(`${toolName} failed: ${result.output}`);
  return result;
}

export async function createTask(
  db: CountersignDatabase,
  title = 'Write the quarterly report',
  extra: Record<string, unknown> = {},
) {
  const result = await userWrite(db, 'create_task', { title, ...extra });
  return result.data!.taskId as string;
}

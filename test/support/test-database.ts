/** A fresh, uniquely named database per test (fake-indexeddb in vitest). */
import { DEFAULT_AGENT_ID } from '../../src/domain/agent';
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

/** Lets the default agent act on tasks in exactly these categories (the Settings allowlist). */
export async function allowAgentCategories(db: CountersignDatabase, categoryIds: string[]) {
  const current = (await db.agents.get(DEFAULT_AGENT_ID))?.allowedCategoryIds ?? [];
  for (const categoryId of current.filter((id) => !categoryIds.includes(id)))
    await userWrite(db, 'allow_agent_category', { categoryId, allowed: false });
  for (const categoryId of categoryIds)
    await userWrite(db, 'allow_agent_category', { categoryId, allowed: true });
}

/** A task in an allowed category, with two checklist items and a label to point at. */
export async function createAgentReadyTask(db: CountersignDatabase) {
  const category = await userWrite(db, 'save_category', { name: 'Work', color: '#336699' });
  const categoryId = category.data!.categoryId as string;
  const label = await userWrite(db, 'save_label', { name: 'Urgent', color: '#993333' });
  const labelId = label.data!.labelId as string;
  const taskId = await createTask(db, 'Prepare the demo', { categoryId });
  const items = await userWrite(
    db,
    'add_multiple_checklist_items',
    { items: [{ title: 'Write script' }, { title: 'Book room' }] },
    { taskId },
  );
  const itemIds = (items.data!.createdItems as { id: string }[]).map((item) => item.id);
  await allowAgentCategories(db, [categoryId]);
  return { taskId, categoryId, labelId, itemIds };
}

/** Everything in the journal tables, for "nothing changed" assertions. */
export async function journalSnapshot(db: CountersignDatabase) {
  return {
    tasks: await db.tasks.toArray(),
    checklistItems: await db.checklistItems.toArray(),
    entries: await db.entries.toArray(),
    labels: await db.labels.toArray(),
    categories: await db.categories.toArray(),
  };
}

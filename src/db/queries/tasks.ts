/**
 * Read queries for the task list and the task page. Pure functions of the database, meant
 * for `useLiveQuery`: each reads only the tables it needs, so a checklist change does not
 * re-read five thousand tasks. Soft-deleted rows (deletedAt set) never leave this module.
 */
import type { Category, Label } from '../../domain/category';
import type { ChecklistItem } from '../../domain/checklist-item';
import type { Task } from '../../domain/task';
import type { CountersignDatabase } from '../database';

export interface ChecklistProgress {
  checked: number;
  total: number;
}

/** What the task page shows; `task` is null when the id is unknown or the task was deleted. */
export interface TaskDetailsData {
  task: Task | null;
  checklistItems: ChecklistItem[];
}

const isLiveRow = (row: { deletedAt?: string }) => row.deletedAt === undefined;

// Whole-table reads filter in JavaScript: a Dexie `.filter()` walks a cursor row by row,
// several times slower than the single getAll() behind a plain toArray() at 5,000 tasks.
export async function listTasks(db: CountersignDatabase): Promise<Task[]> {
  return (await db.tasks.toArray()).filter(isLiveRow);
}

export async function listCategories(db: CountersignDatabase): Promise<Category[]> {
  return (await db.categories.orderBy('name').toArray()).filter(isLiveRow);
}

export async function listLabels(db: CountersignDatabase): Promise<Label[]> {
  return (await db.labels.orderBy('name').toArray()).filter(isLiveRow);
}

/** Checked and total unarchived checklist items per task id; tasks without items are absent. */
export async function checklistProgressByTask(
  db: CountersignDatabase,
): Promise<Map<string, ChecklistProgress>> {
  const progress = new Map<string, ChecklistProgress>();
  for (const item of await db.checklistItems.toArray()) {
    if (item.deletedAt !== undefined || item.isArchived) continue;
    const entry = progress.get(item.taskId) ?? { checked: 0, total: 0 };
    entry.total += 1;
    if (item.isChecked) entry.checked += 1;
    progress.set(item.taskId, entry);
  }
  return progress;
}

/** The task's live checklist items, archived ones included, in checklist order. */
export async function listChecklistItems(
  db: CountersignDatabase,
  taskId: string,
): Promise<ChecklistItem[]> {
  const items = (await db.checklistItems.where('taskId').equals(taskId).toArray()).filter(
    isLiveRow,
  );
  // The same order the move tool uses: by `order`, ties broken by creation time.
  return items.sort((a, b) => a.order - b.order || a.createdAt.localeCompare(b.createdAt));
}

export async function loadTaskDetails(
  db: CountersignDatabase,
  taskId: string,
): Promise<TaskDetailsData> {
  const task = taskId ? await db.tasks.get(taskId) : undefined;
  if (!task || task.deletedAt !== undefined) return { task: null, checklistItems: [] };
  return { task, checklistItems: await listChecklistItems(db, taskId) };
}

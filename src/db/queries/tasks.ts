/**
 * Read queries for the task list and the task page. Pure functions of the database, meant
 * for `useLiveQuery`: each reads only the tables it needs, so a checklist change does not
 * re-read five thousand tasks. Soft-deleted rows (deletedAt set) never leave this module.
 */
import { liveQuery } from 'dexie';
import type { Category, Label } from '../../domain/category';
import type { ChecklistItem } from '../../domain/checklist-item';
import type { Task } from '../../domain/task';
import type { CountersignDatabase } from '../database';

export interface ChecklistProgress {
  checked: number;
  total: number;
}

/** What the task list needs before it can show a row. */
export interface TaskListData {
  tasks: Task[];
  categories: Category[];
  labels: Label[];
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

/**
 * Tasks, categories and labels in one read, so the list renders once, with all three.
 *
 * The explicit transaction is deliberate: Dexie 4 caches the results of the implicit
 * read-only queries a live query makes and hands out a deep clone of them every time;
 * for 5,000 tasks that clone costs about as much as reading them. Results read inside an
 * explicit transaction are not cached, so they arrive as IndexedDB produced them (they
 * stay live: Dexie still observes what was read and re-runs the query after a write).
 * Nothing downstream mutates them.
 */
export function loadTaskListData(db: CountersignDatabase): Promise<TaskListData> {
  return db.transaction('r', [db.tasks, db.categories, db.labels], async () => {
    const [tasks, categories, labels] = await Promise.all([
      listTasks(db),
      listCategories(db),
      listLabels(db),
    ]);
    return { tasks, categories, labels };
  });
}

/** A live query that several subscribers share, and that can start before the first one. */
export interface SharedLiveQuery<T> {
  /** The latest result is replayed at once; the returned function unsubscribes. */
  subscribe(next: (value: T) => void, error?: (error: unknown) => void): () => void;
  hasValue(): boolean;
  getValue(): T | undefined;
  /** Reads now, and keeps the query running for `ms` even without subscribers. */
  hold(ms: number): void;
}

const taskListSources = new WeakMap<CountersignDatabase, SharedLiveQuery<TaskListData>>();

/**
 * `loadTaskListData` as one live query for the page (for `useObservable`): it reads while
 * someone subscribes (or holds it) and stops when the last one leaves.
 */
export function taskListData(db: CountersignDatabase): SharedLiveQuery<TaskListData> {
  let source = taskListSources.get(db);
  if (!source) {
    source = shareLiveQuery(() => loadTaskListData(db));
    taskListSources.set(db, source);
  }
  return source;
}

/**
 * For a start at `/`: reads the task list as soon as the database is open, while the
 * storage gate still checks the first-run setting and React renders the shell, so the
 * page has its rows when it mounts. It does not open the database itself (the storage
 * gate does, and must be the one to hear of a blocked or failed open). If the page does
 * not subscribe within ten seconds, the reading stops again.
 */
export function preloadTaskListData(db: CountersignDatabase): void {
  // Out of Dexie's open sequence: a query started inside it would be part of it.
  db.on('ready', () => void setTimeout(() => taskListData(db).hold(10_000), 0));
}

function shareLiveQuery<T>(querier: () => Promise<T>): SharedLiveQuery<T> {
  const observers = new Set<{ next: (value: T) => void; error?: (error: unknown) => void }>();
  let subscription: { unsubscribe(): void } | undefined;
  let latest: { value: T } | undefined;
  let holdTimer: ReturnType<typeof setTimeout> | undefined;

  const stopWhenUnused = () => {
    if (observers.size > 0 || holdTimer !== undefined) return;
    subscription?.unsubscribe();
    subscription = undefined;
    // Nobody keeps it current any more: the next subscriber waits for a fresh read.
    latest = undefined;
  };
  const start = () => {
    subscription ??= liveQuery(querier).subscribe({
      next: (value) => {
        latest = { value };
        for (const observer of observers) observer.next(value);
      },
      error: (error) => {
        latest = undefined;
        subscription = undefined;
        for (const observer of observers) observer.error?.(error);
      },
    });
  };

  return {
    subscribe(next, error) {
      const observer = { next, error };
      observers.add(observer);
      start();
      if (latest) next(latest.value);
      return () => {
        observers.delete(observer);
        stopWhenUnused();
      };
    },
    hasValue: () => latest !== undefined,
    getValue: () => latest?.value,
    hold(ms) {
      start();
      clearTimeout(holdTimer);
      holdTimer = setTimeout(() => {
        holdTimer = undefined;
        stopWhenUnused();
      }, ms);
    },
  };
}

/**
 * Checked and total unarchived checklist items for the given tasks (the rows on screen),
 * not for the whole journal: the list shows a page of tasks, and reading every checklist
 * item (20,000 for 5,000 tasks) would cost more than the tasks themselves. One request
 * per task on the `taskId` index, all in one transaction; tasks without items are absent.
 */
export function checklistProgressOf(
  db: CountersignDatabase,
  taskIds: readonly string[],
): Promise<Map<string, ChecklistProgress>> {
  return db.transaction('r', db.checklistItems, async () => {
    const itemsPerTask = await Promise.all(
      taskIds.map((taskId) => db.checklistItems.where('taskId').equals(taskId).toArray()),
    );
    const progress = new Map<string, ChecklistProgress>();
    itemsPerTask.forEach((items, index) => {
      let checked = 0;
      let total = 0;
      for (const item of items) {
        if (item.deletedAt !== undefined || item.isArchived) continue;
        total += 1;
        if (item.isChecked) checked += 1;
      }
      if (total > 0) progress.set(taskIds[index]!, { checked, total });
    });
    return progress;
  });
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

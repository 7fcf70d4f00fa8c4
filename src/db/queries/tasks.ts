/**
 * Read queries for the task list and the task page. Pure functions of the database, meant
 * for `useLiveQuery`: each reads only the tables it needs, so a checklist change does not
 * re-read five thousand tasks. Soft-deleted rows (deletedAt set) never leave this module.
 */
import Dexie, { liveQuery, type ObservabilitySet } from 'dexie';
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
async function listTasks(db: CountersignDatabase): Promise<Task[]> {
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

/**
 * The newest `count` live tasks (by last update), with categories and labels: the default
 * list's first page, read through the `updatedAt` index in a fraction of the time the
 * whole table takes. Tasks tied with the last one on `updatedAt` are all included, so
 * sorting these the way the list does (newest first, ties by id) gives exactly its first
 * `count` rows. Undefined when more than `count` tasks share that time (an import can do
 * that): reading them would cost as much as reading everything.
 */
export function loadNewestTasks(
  db: CountersignDatabase,
  count: number,
): Promise<TaskListData | undefined> {
  return db.transaction('r', [db.tasks, db.categories, db.labels], async () => {
    const newest = await db.tasks
      .orderBy('updatedAt')
      .reverse()
      .filter(isLiveRow)
      .limit(count)
      .toArray();
    const last = newest.at(-1);
    let tied: Task[] = [];
    if (last && newest.length === count) {
      const sameTime = db.tasks.where('updatedAt').equals(last.updatedAt);
      if ((await sameTime.count()) > count) return undefined;
      tied = (await sameTime.toArray()).filter(isLiveRow);
    }
    const tasks = [...new Map([...newest, ...tied].map((task) => [task.id, task])).values()];
    const [categories, labels] = await Promise.all([listCategories(db), listLabels(db)]);
    return { tasks, categories, labels };
  });
}

/** What the list page has to show: the whole journal, or, first, only its newest tasks. */
export interface TaskListSnapshot extends TaskListData {
  /** False while `tasks` holds only the newest (see loadNewestTasks): no counts or filters. */
  complete: boolean;
}

/** The task list's data, shared by the page and a preload (use it with `useObservable`). */
export interface TaskListSource {
  /** The latest snapshot is replayed at once; the returned function unsubscribes. */
  subscribe(next: (value: TaskListSnapshot) => void, error?: (error: unknown) => void): () => void;
  hasValue(): boolean;
  getValue(): TaskListSnapshot | undefined;
  /** Starts reading now, and keeps reading for `ms` even without subscribers. */
  hold(ms: number): void;
}

const taskListSources = new WeakMap<CountersignDatabase, TaskListSource>();

/**
 * The task list's data: first the newest `firstPage` tasks (loadNewestTasks), then the whole
 * journal as a live query (loadTaskListData) that follows every write. It reads while
 * someone subscribes or holds it, and stops when the last one leaves. The whole-table read
 * starts once the first page is in: Chromium serves a database's requests one at a time,
 * so the big read would hold the small one up. One source per database: the first call's
 * `firstPage` is the one it keeps.
 */
export function taskListData(db: CountersignDatabase, firstPage: number): TaskListSource {
  let source = taskListSources.get(db);
  if (!source) {
    source = createTaskListSource(db, firstPage);
    taskListSources.set(db, source);
  }
  return source;
}

/**
 * For a start at `/`: starts reading the task list as soon as the database is open, while
 * the storage gate still checks the first-run setting and React renders the shell, so the
 * page has its rows when it mounts. It does not open the database itself (the storage gate
 * does, and must be the one to hear of a blocked or failed open). If the page does not
 * subscribe within ten seconds, the reading stops again.
 */
export function preloadTaskListData(db: CountersignDatabase, firstPage: number): void {
  // Out of Dexie's open sequence: a query started inside it would be part of it.
  db.on('ready', () => void setTimeout(() => taskListData(db, firstPage).hold(10_000), 0));
}

function createTaskListSource(db: CountersignDatabase, firstPage: number): TaskListSource {
  interface Run {
    subscription?: { unsubscribe(): void };
  }
  const observers = new Set<{
    next: (value: TaskListSnapshot) => void;
    error?: ((error: unknown) => void) | undefined;
  }>();
  let running: Run | undefined;
  let latest: TaskListSnapshot | undefined;
  let holdTimer: ReturnType<typeof setTimeout> | undefined;
  // After a write to the tasks, the latest snapshot is stale until the live query has read
  // again: a page that mounts meanwhile (just after the first-run import wrote the sample
  // journal, say) waits for that read instead of showing the old list.
  let stale = false;
  const tasksPart = `idb://${db.name}/tasks/`;
  const noteWrites = (parts: ObservabilitySet) => {
    if (Object.keys(parts).some((part) => part.startsWith(tasksPart))) stale = true;
  };

  const emit = (snapshot: TaskListSnapshot) => {
    latest = snapshot;
    stale = false;
    for (const observer of observers) observer.next(snapshot);
  };
  const fail = (error: unknown) => {
    stop();
    for (const observer of observers) observer.error?.(error);
  };
  const start = () => {
    if (running) return;
    const run: Run = {};
    running = run;
    Dexie.on.storagemutated.subscribe(noteWrites);
    void loadNewestTasks(db, firstPage)
      // The first page is only a head start: without it, the page waits for the whole list.
      .catch(() => undefined)
      .then((newest) => {
        if (running !== run) return; // Stopped meanwhile.
        if (newest && !latest && !stale) emit({ ...newest, complete: false });
        run.subscription = liveQuery(() => loadTaskListData(db)).subscribe({
          next: (data) => emit({ ...data, complete: true }),
          error: fail,
        });
      });
  };
  const stop = () => {
    running?.subscription?.unsubscribe();
    running = undefined;
    Dexie.on.storagemutated.unsubscribe(noteWrites);
    // Nobody keeps it current any more: the next subscriber waits for a fresh read.
    latest = undefined;
  };
  const stopWhenUnused = () => {
    if (observers.size === 0 && holdTimer === undefined) stop();
  };

  return {
    subscribe(next, error) {
      const observer = { next, error };
      observers.add(observer);
      start();
      if (latest && !stale) next(latest);
      return () => {
        observers.delete(observer);
        stopWhenUnused();
      };
    },
    hasValue: () => latest !== undefined && !stale,
    getValue: () => latest,
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
async function listChecklistItems(
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

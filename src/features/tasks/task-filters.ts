/**
 * What the task list shows: filtering by status, category, label and title, then sorting.
 * Pure and synchronous so the list can recompute it in memory on every keystroke, even
 * with thousands of tasks.
 */
import { PRIORITIES, TASK_STATUSES, type Task, type TaskStatus } from '../../domain/task';
import { isLive } from '../../domain/is-live';

export const TASK_SORTS = ['updated', 'due', 'priority'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

export const SORT_NAMES: Record<TaskSort, string> = {
  updated: 'Last update',
  due: 'Due date',
  priority: 'Priority',
};

/** The category filter value for tasks without a category (ids are never this short word). */
export const NO_CATEGORY = 'none';

export interface TaskFilters {
  /** Empty string: any status. */
  status: TaskStatus | '';
  /** Empty string: any category; NO_CATEGORY: tasks without one. */
  categoryId: string;
  /** Empty string: any label. */
  labelId: string;
  search: string;
  sort: TaskSort;
}

export const DEFAULT_FILTERS: TaskFilters = {
  status: '',
  categoryId: '',
  labelId: '',
  search: '',
  sort: 'updated',
};

export function isTaskStatus(value: string): value is TaskStatus {
  return (TASK_STATUSES as readonly string[]).includes(value);
}

export function isTaskSort(value: string): value is TaskSort {
  return (TASK_SORTS as readonly string[]).includes(value);
}

/** True when something narrows the list (the sort order does not). */
export function hasActiveFilters(filters: TaskFilters): boolean {
  return (
    filters.status !== '' ||
    filters.categoryId !== '' ||
    filters.labelId !== '' ||
    filters.search.trim() !== ''
  );
}

export function filterTasks(tasks: readonly Task[], filters: TaskFilters): Task[] {
  const search = filters.search.trim().toLowerCase();
  return tasks.filter(
    (task) =>
      isLive(task) &&
      (filters.status === '' || task.status === filters.status) &&
      (filters.categoryId === '' ||
        (filters.categoryId === NO_CATEGORY
          ? task.categoryId === undefined
          : task.categoryId === filters.categoryId)) &&
      (filters.labelId === '' || task.labelIds.includes(filters.labelId)) &&
      (search === '' || task.title.toLowerCase().includes(search)),
  );
}

const priorityRank = (task: Task) => PRIORITIES.indexOf(task.priority);

// ISO dates and timestamps sort as plain strings; `<` is much cheaper than localeCompare.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Most recently changed first; the final tie-break on id keeps the order stable. */
const byUpdated = (a: Task, b: Task) =>
  compareText(b.updatedAt, a.updatedAt) || compareText(a.id, b.id);

/** Soonest first; tasks without a due date go last, since nothing presses on them. */
const byDue = (a: Task, b: Task) => {
  if (a.dueDate === b.dueDate) return 0;
  if (a.dueDate === undefined) return 1;
  if (b.dueDate === undefined) return -1;
  return compareText(a.dueDate, b.dueDate);
};

const byPriority = (a: Task, b: Task) => priorityRank(a) - priorityRank(b);

const COMPARATORS: Record<TaskSort, (a: Task, b: Task) => number> = {
  updated: byUpdated,
  due: (a, b) => byDue(a, b) || byPriority(a, b) || byUpdated(a, b),
  priority: (a, b) => byPriority(a, b) || byDue(a, b) || byUpdated(a, b),
};

export function sortTasks(tasks: readonly Task[], sort: TaskSort): Task[] {
  return [...tasks].sort(COMPARATORS[sort]);
}

export function applyTaskFilters(tasks: readonly Task[], filters: TaskFilters): Task[] {
  return sortTasks(filterTasks(tasks, filters), filters.sort);
}

/** Reads filters from the URL; unknown values fall back to the defaults instead of failing. */
export function filtersFromSearchParams(params: URLSearchParams): TaskFilters {
  const status = params.get('status') ?? '';
  const sort = params.get('sort') ?? '';
  return {
    status: isTaskStatus(status) ? status : '',
    categoryId: params.get('category') ?? '',
    labelId: params.get('label') ?? '',
    search: params.get('q') ?? '',
    sort: isTaskSort(sort) ? sort : DEFAULT_FILTERS.sort,
  };
}

/** Only values that differ from the defaults, so a plain list keeps a plain URL. */
export function filtersToSearchParams(filters: TaskFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.categoryId) params.set('category', filters.categoryId);
  if (filters.labelId) params.set('label', filters.labelId);
  if (filters.search) params.set('q', filters.search);
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  return params;
}

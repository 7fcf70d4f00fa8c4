/**
 * `/`: every task, filtered and sorted in memory. Tasks, categories and labels are loaded
 * by one live query (other tabs' writes appear by themselves) and rendered a page at a
 * time, so a journal of thousands of tasks still opens at once.
 */
import { useDeferredValue, useEffect, useMemo, useReducer, useState } from 'react';
import { Link } from 'react-router';
import { useObservable } from 'dexie-react-hooks';
import { getDatabase } from '../../db/connection';
import { taskListData } from '../../db/queries/tasks';
import { todayIso } from '../../domain/calendar-date';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Notice } from '../../ui/notice';
import { LoadingState } from './loading-state';
import type {
  QuickCreateForm as QuickCreateFormType,
  QuickCreateFormProps,
} from './quick-create-form';
import { QuickCreatePlaceholder } from './quick-create-placeholder';
import { DEFAULT_FILTERS, applyTaskFilters, hasActiveFilters } from './task-filters';
import { TaskFilterBar } from './task-filter-bar';
import { TASK_PAGE_SIZE, TaskList } from './task-list';
import { useTaskFilters } from './use-task-filters';
import './tasks.css';
import { countOf } from '../../lib/count-of';

// The form checks titles with the task's zod schema before dispatching, so it is a chunk
// of its own (with zod) rather than part of the first page. When the app opens at `/` the
// router starts its download with the journal's (preloadQuickCreateForm), so it is
// normally there before the rows are. It is awaited with a plain placeholder rather than
// Suspense: after a Suspense fallback React holds the content back for up to 300 ms.
let LoadedQuickCreateForm: typeof QuickCreateFormType | undefined;
let quickCreateModule: Promise<void> | undefined;

export function preloadQuickCreateForm(): Promise<void> {
  if (!quickCreateModule) {
    quickCreateModule = import('./quick-create-form').then((module) => {
      LoadedQuickCreateForm = module.QuickCreateForm;
    });
    // A failed download is not remembered: the next visit to the page tries again.
    quickCreateModule.catch(() => (quickCreateModule = undefined));
  }
  return quickCreateModule;
}

function QuickCreate(props: QuickCreateFormProps) {
  const [failed, setFailed] = useState(false);
  const [, settled] = useReducer((count: number) => count + 1, 0);
  const Form = LoadedQuickCreateForm;
  useEffect(() => {
    if (!Form) preloadQuickCreateForm().then(settled, () => setFailed(true));
  }, [Form]);
  if (Form) return <Form {...props} />;
  if (failed) {
    return (
      <Notice tone="error">
        The form for new tasks could not be loaded. If you are offline, reconnect; then reload the
        page.
      </Notice>
    );
  }
  return <QuickCreatePlaceholder />;
}

export function TaskListPage() {
  // Shared with the preload of a start at `/` (see preloadTaskListData): when that read
  // is done, the first render already has the rows.
  const snapshot = useObservable(taskListData(getDatabase(), TASK_PAGE_SIZE));
  const [filters, setFilters] = useTaskFilters();
  // Until the whole journal is in, the newest tasks stand for the list only when nothing
  // filters it and it is sorted by last update (the default); otherwise the rows wait.
  const newestWillDo = !hasActiveFilters(filters) && filters.sort === DEFAULT_FILTERS.sort;
  const complete = snapshot?.complete ?? false;
  const tasks = complete || newestWillDo ? snapshot?.tasks : undefined;
  const [created, setCreated] = useState<{ id: string; title: string }>();

  // Typing stays responsive: the list may follow the search text a moment later.
  const search = useDeferredValue(filters.search);
  const { status, categoryId, labelId, sort } = filters;
  const visible = useMemo(
    () => (tasks ? applyTaskFilters(tasks, { status, categoryId, labelId, sort, search }) : []),
    [tasks, status, categoryId, labelId, sort, search],
  );
  const categories = snapshot?.categories;
  const labels = snapshot?.labels;
  const categoriesById = useMemo(
    () => new Map((categories ?? []).map((category) => [category.id, category])),
    [categories],
  );
  const labelsById = useMemo(
    () => new Map((labels ?? []).map((label) => [label.id, label])),
    [labels],
  );

  const heading = <h1 id="tasks-heading">Tasks</h1>;
  if (snapshot === undefined || categories === undefined || labels === undefined) {
    return (
      <section aria-labelledby="tasks-heading" className="task-list-page">
        {heading}
        <LoadingState />
      </section>
    );
  }

  const clearFilters = () => setFilters({ ...DEFAULT_FILTERS, sort });
  const createdTask = created && tasks?.find((task) => task.id === created.id);
  let rows;
  if (tasks === undefined) rows = <LoadingState />;
  else if (visible.length === 0) {
    rows = (
      <EmptyState title="No tasks match these filters">
        <p>Try another status, category or label, or fewer letters in the search.</p>
        <Button onClick={clearFilters}>Clear filters</Button>
      </EmptyState>
    );
  } else {
    rows = (
      <TaskList
        key={JSON.stringify([status, categoryId, labelId, sort, search])}
        tasks={visible}
        categoriesById={categoriesById}
        labelsById={labelsById}
        today={todayIso()}
        newTaskId={created?.id}
        complete={complete}
      />
    );
  }
  return (
    <section aria-labelledby="tasks-heading" className="task-list-page stack">
      <header className="task-list-page__header">
        {heading}
        {complete && snapshot.tasks.length > 0 && (
          <p className="muted task-list-page__count" role="status">
            {visible.length === snapshot.tasks.length
              ? countOf(snapshot.tasks.length, 'task')
              : `${visible.length} of ${snapshot.tasks.length} tasks`}
          </p>
        )}
      </header>

      <QuickCreate onCreated={(id, title) => setCreated({ id, title })} />
      {createdTask && (
        <Notice tone="success">
          Added “{createdTask.title}”.{' '}
          {!visible.includes(createdTask) && 'The current filters hide it. '}
          <Link to={`/tasks/${encodeURIComponent(createdTask.id)}`}>Open it</Link>
        </Notice>
      )}

      {/* The newest tasks are read first: none of them means none at all. */}
      {snapshot.tasks.length === 0 ? (
        <EmptyState title="No tasks yet">
          <p>Type what needs doing in “New task” above and press Enter to add your first task.</p>
        </EmptyState>
      ) : (
        <>
          <TaskFilterBar
            filters={filters}
            onChange={setFilters}
            onClear={hasActiveFilters(filters) && visible.length > 0 ? clearFilters : undefined}
            categories={categories}
            labels={labels}
          />
          {rows}
        </>
      )}
    </section>
  );
}

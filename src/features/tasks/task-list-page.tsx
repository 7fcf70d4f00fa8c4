/**
 * `/`: every task, filtered and sorted in memory. Tasks are loaded once by a live query
 * (other tabs' writes appear by themselves) and rendered a page at a time, so a journal
 * of thousands of tasks still opens at once.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../../db/connection';
import {
  checklistProgressByTask,
  listCategories,
  listLabels,
  listTasks,
} from '../../db/queries/tasks';
import { todayIso } from '../../domain/due-date';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Notice } from '../../ui/notice';
import { LoadingState } from './loading-state';
import { QuickCreateForm } from './quick-create-form';
import { DEFAULT_FILTERS, applyTaskFilters, hasActiveFilters } from './task-filters';
import { TaskFilterBar } from './task-filter-bar';
import { TaskList } from './task-list';
import { useTaskFilters } from './use-task-filters';
import './tasks.css';

export function TaskListPage() {
  const tasks = useLiveQuery(() => listTasks(getDatabase()), []);
  const categories = useLiveQuery(() => listCategories(getDatabase()), []);
  const labels = useLiveQuery(() => listLabels(getDatabase()), []);
  // Progress arrives on its own: rows render without it rather than wait for every item.
  const progress = useLiveQuery(() => checklistProgressByTask(getDatabase()), []);
  const [filters, setFilters] = useTaskFilters();
  const [created, setCreated] = useState<{ id: string; title: string }>();

  // Typing stays responsive: the list may follow the search text a moment later.
  const search = useDeferredValue(filters.search);
  const { status, categoryId, labelId, sort } = filters;
  const visible = useMemo(
    () => (tasks ? applyTaskFilters(tasks, { status, categoryId, labelId, sort, search }) : []),
    [tasks, status, categoryId, labelId, sort, search],
  );
  const categoriesById = useMemo(
    () => new Map((categories ?? []).map((category) => [category.id, category])),
    [categories],
  );
  const labelsById = useMemo(
    () => new Map((labels ?? []).map((label) => [label.id, label])),
    [labels],
  );

  const heading = <h1 id="tasks-heading">Tasks</h1>;
  if (tasks === undefined || categories === undefined || labels === undefined) {
    return (
      <section aria-labelledby="tasks-heading" className="task-list-page">
        {heading}
        <LoadingState />
      </section>
    );
  }

  const clearFilters = () => setFilters({ ...DEFAULT_FILTERS, sort });
  const createdTask = created && tasks.find((task) => task.id === created.id);
  return (
    <section aria-labelledby="tasks-heading" className="task-list-page stack">
      <header className="task-list-page__header">
        {heading}
        {tasks.length > 0 && (
          <p className="muted task-list-page__count" role="status">
            {visible.length === tasks.length
              ? `${tasks.length} ${tasks.length === 1 ? 'task' : 'tasks'}`
              : `${visible.length} of ${tasks.length} tasks`}
          </p>
        )}
      </header>

      <QuickCreateForm onCreated={(id, title) => setCreated({ id, title })} />
      {createdTask && (
        <Notice tone="success">
          Added “{createdTask.title}”.{' '}
          {!visible.includes(createdTask) && 'The current filters hide it. '}
          <Link to={`/tasks/${encodeURIComponent(createdTask.id)}`}>Open it</Link>
        </Notice>
      )}

      {tasks.length === 0 ? (
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
          {visible.length === 0 ? (
            <EmptyState title="No tasks match these filters">
              <p>Try another status, category or label, or fewer letters in the search.</p>
              <Button onClick={clearFilters}>Clear filters</Button>
            </EmptyState>
          ) : (
            <TaskList
              key={JSON.stringify([status, categoryId, labelId, sort, search])}
              tasks={visible}
              categoriesById={categoriesById}
              labelsById={labelsById}
              progress={progress}
              today={todayIso()}
              newTaskId={created?.id}
            />
          )}
        </>
      )}
    </section>
  );
}

import { useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../../db/connection';
import { checklistProgressOf } from '../../db/queries/tasks';
import type { Category, Label } from '../../domain/category';
import type { Task } from '../../domain/task';
import { Button } from '../../ui/button';
import { TaskRow } from './task-row';

export const TASK_PAGE_SIZE = 200;

export interface TaskListProps {
  /** Already filtered and sorted. */
  tasks: readonly Task[];
  categoriesById: ReadonlyMap<string, Category>;
  labelsById: ReadonlyMap<string, Label>;
  today: string;
  newTaskId?: string | undefined;
  /** False while `tasks` are only the newest of the journal: no "Show more" yet. */
  complete?: boolean;
}

/**
 * The rows, a page at a time: rendering a few hundred links is instant, five thousand is
 * not, and nobody scrolls through five thousand. Give it a `key` that changes with the
 * filters to start again from the first page. Checklist progress is read for the rows
 * shown only, and arrives on its own: the rows render without it rather than wait.
 */
export function TaskList({
  tasks,
  categoriesById,
  labelsById,
  today,
  newTaskId,
  complete = true,
}: TaskListProps) {
  const [count, setCount] = useState(TASK_PAGE_SIZE);
  const shown = useMemo(() => tasks.slice(0, count), [tasks, count]);
  // The ids as one string: a re-read of the tasks that leaves the same rows on screen
  // (an edit elsewhere) does not read their checklists again.
  const shownIds = JSON.stringify(shown.map((task) => task.id));
  const progress = useLiveQuery(
    () => checklistProgressOf(getDatabase(), JSON.parse(shownIds) as string[]),
    [shownIds],
  );
  const remaining = tasks.length - count;
  return (
    <>
      <ul className="task-list" aria-label="Tasks">
        {shown.map((task) => (
          <TaskRow
            key={task.id}
            task={task}
            category={task.categoryId ? categoriesById.get(task.categoryId) : undefined}
            labelsById={labelsById}
            progress={progress?.get(task.id)}
            today={today}
            isNew={task.id === newTaskId}
          />
        ))}
      </ul>
      {complete && remaining > 0 && (
        <div className="task-list__more">
          <Button onClick={() => setCount(count + TASK_PAGE_SIZE)}>
            Show more ({remaining} more)
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * `/tasks/:taskId`, the task's own fields, each edited in place and saved through the
 * dispatcher on its own. The app composes this above the journal entries.
 */
import { Link } from 'react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../../db/connection';
import { listCategories, listLabels, loadTaskDetails } from '../../db/queries/tasks';
import { CategoryField } from './category-field';
import { ChecklistSection } from './checklist-section';
import { DeleteTaskSection } from './delete-task-section';
import { DueDateField } from './due-date-field';
import { EstimateField } from './estimate-field';
import { LabelsField } from './labels-field';
import { LoadingState } from './loading-state';
import { PriorityField } from './priority-field';
import { StatusField } from './status-field';
import { StatusHistory } from './status-history';
import { TaskNotFound } from './task-not-found';
import { TitleField } from './title-field';
import './tasks.css';

export function TaskDetails({ taskId }: { taskId: string }) {
  const details = useLiveQuery(() => loadTaskDetails(getDatabase(), taskId), [taskId]);
  const categories = useLiveQuery(() => listCategories(getDatabase()), []);
  const labels = useLiveQuery(() => listLabels(getDatabase()), []);

  if (details === undefined || categories === undefined || labels === undefined) {
    return <LoadingState />;
  }
  const { task, checklistItems } = details;
  if (task === null) return <TaskNotFound />;

  return (
    <article className="task-details stack" aria-labelledby="task-details-heading">
      <Link to="/" className="back-link">
        <span aria-hidden="true">←</span>Back to tasks
      </Link>
      <h1 id="task-details-heading" className="visually-hidden">
        {task.title || 'Untitled task'}
      </h1>
      {/* Fields are keyed by task so their drafts start over when another task opens. */}
      <div className="task-details__fields card stack" key={task.id}>
        <TitleField task={task} />
        <div className="task-details__grid">
          <StatusField task={task} />
          <PriorityField task={task} />
          <EstimateField task={task} />
          <DueDateField task={task} />
          <CategoryField task={task} categories={categories} />
        </div>
        <LabelsField task={task} labels={labels} />
      </div>
      <ChecklistSection key={`checklist-${task.id}`} taskId={task.id} items={checklistItems} />
      <StatusHistory history={task.statusHistory} />
      <DeleteTaskSection key={`delete-${task.id}`} task={task} />
    </article>
  );
}

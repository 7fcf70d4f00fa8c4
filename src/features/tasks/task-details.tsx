/**
 * `/tasks/:taskId`, the task's own fields, each edited in place and saved through the
 * dispatcher on its own. Two parts, so the app can put the agent and its proposals right
 * under the task's title: TaskHeader (the way back and the title) and TaskDetails (every
 * other field, the checklist, the status history).
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

/** The way back to the list, and the task's title (the page's heading), editable in place. */
export function TaskHeader({ taskId }: { taskId: string }) {
  const details = useLiveQuery(() => loadTaskDetails(getDatabase(), taskId), [taskId]);
  // A task that does not exist says so, with its own way back (TaskDetails).
  if (details?.task === null) return null;
  return (
    <header className="task-header">
      <Link to="/" className="back-link">
        <span aria-hidden="true">←</span>Back to tasks
      </Link>
      {details?.task && (
        <>
          <h1 id="task-details-heading" className="visually-hidden">
            {details.task.title || 'Untitled task'}
          </h1>
          {/* Keyed by task so its draft starts over when another task opens. */}
          <TitleField key={details.task.id} task={details.task} />
        </>
      )}
    </header>
  );
}

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
      {/* Fields are keyed by task so their drafts start over when another task opens. */}
      <div className="task-details__fields card stack" key={task.id}>
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

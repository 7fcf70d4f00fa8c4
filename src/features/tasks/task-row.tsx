import { memo } from 'react';
import { Link } from 'react-router';
import type { ChecklistProgress } from '../../db/queries/tasks';
import type { Category, Label } from '../../domain/category';
import type { Task } from '../../domain/task';
import { StatusChip } from './status-chip';
import { formatMinutes } from '../../lib/format-minutes';
import { formatDueDate, isOverdue } from './task-format';

export interface TaskRowProps {
  task: Task;
  category: Category | undefined;
  /** Every live label by id; ids of deleted labels are skipped. */
  labelsById: ReadonlyMap<string, Label>;
  progress: ChecklistProgress | undefined;
  /** Today as YYYY-MM-DD, passed in so every row agrees and none recomputes it. */
  today: string;
  /** Highlights a task the person just added, so they can see where it landed. */
  isNew?: boolean;
}

/**
 * One task in the list, as a single link to its page. The small words in front of the
 * values ("Due", "Estimate") are read out, so the link's name makes sense when heard.
 */
export const TaskRow = memo(function TaskRow({
  task,
  category,
  labelsById,
  progress,
  today,
  isNew = false,
}: TaskRowProps) {
  const overdue = isOverdue(task, today);
  const labels = task.labelIds.flatMap((id) => labelsById.get(id) ?? []);
  return (
    <li className={isNew ? 'task-row task-row--new' : 'task-row'}>
      <Link
        to={`/tasks/${encodeURIComponent(task.id)}`}
        className="task-row__link"
        style={category ? { borderInlineStartColor: category.color } : undefined}
      >
        <span className="task-row__title">{task.title || '(untitled)'}</span>
        <span className="task-row__meta">
          <StatusChip status={task.status} />
          <span className="chip task-row__priority">{task.priority}</span>
          {task.dueDate !== undefined && (
            <span className={overdue ? 'task-row__due task-row__due--overdue' : 'task-row__due'}>
              {overdue ? 'Overdue: ' : 'Due '}
              <time dateTime={task.dueDate}>{formatDueDate(task.dueDate)}</time>
            </span>
          )}
          {task.estimateMinutes !== undefined && (
            <span className="task-row__estimate">
              <span className="visually-hidden">Estimate </span>
              <span aria-hidden="true">≈ </span>
              {formatMinutes(task.estimateMinutes)}
            </span>
          )}
          {progress !== undefined && progress.total > 0 && (
            <span className="task-row__progress">
              <span className="visually-hidden">Checklist </span>
              <span aria-hidden="true">☑ </span>
              {progress.checked}/{progress.total}
            </span>
          )}
          {category && (
            <span className="task-row__category">
              <span className="swatch" style={{ background: category.color }} aria-hidden="true" />
              {category.name}
            </span>
          )}
          {labels.map((label) => (
            <span key={label.id} className="chip task-row__label">
              <span className="swatch" style={{ background: label.color }} aria-hidden="true" />
              {label.name}
            </span>
          ))}
        </span>
      </Link>
    </li>
  );
});

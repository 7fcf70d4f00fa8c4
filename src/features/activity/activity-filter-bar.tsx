import type { TaskName } from '../../db/queries/audit';
import { Field } from '../../ui/field';
import {
  KIND_FILTERS,
  SOURCE_FILTERS,
  isKindFilter,
  isSourceFilter,
  type ActivityFilters,
} from './activity-filters';

export interface ActivityFilterBarProps {
  filters: ActivityFilters;
  onChange(next: ActivityFilters): void;
  /** Live tasks, sorted by title. */
  tasks: readonly TaskName[];
  /** Names of tasks the trail mentions, for a `?task=` that is no longer live. */
  knownTasks: ReadonlyMap<string, TaskName>;
}

/** Task, kind and source, each a select with a visible label. */
export function ActivityFilterBar({
  filters,
  onChange,
  tasks,
  knownTasks,
}: ActivityFilterBarProps) {
  const update = (patch: Partial<ActivityFilters>) => onChange({ ...filters, ...patch });
  // A link may name a deleted or unknown task: keep it selectable so the select tells the truth.
  const selectedMissing =
    filters.taskId !== '' && !tasks.some((task) => task.id === filters.taskId);
  const missingName = knownTasks.get(filters.taskId);
  return (
    <div role="search" aria-label="Filter activity" className="activity-filter-bar">
      <Field label="Task" className="activity-filter-bar__task">
        <select value={filters.taskId} onChange={(event) => update({ taskId: event.target.value })}>
          <option value="">All tasks</option>
          {selectedMissing && (
            <option value={filters.taskId}>
              {missingName ? `${missingName.title || 'Untitled task'} (deleted)` : 'Unknown task'}
            </option>
          )}
          {tasks.map((task) => (
            <option key={task.id} value={task.id}>
              {task.title || 'Untitled task'}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Kind">
        <select
          value={filters.kind}
          onChange={(event) => {
            const value = event.target.value;
            update({ kind: isKindFilter(value) ? value : '' });
          }}
        >
          <option value="">All kinds</option>
          {Object.entries(KIND_FILTERS).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Source">
        <select
          value={filters.source}
          onChange={(event) => {
            const value = event.target.value;
            update({ source: isSourceFilter(value) ? value : '' });
          }}
        >
          <option value="">All sources</option>
          {Object.entries(SOURCE_FILTERS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}

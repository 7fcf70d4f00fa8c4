import type { Category, Label } from '../../domain/category';
import { TASK_STATUSES } from '../../domain/task';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import {
  NO_CATEGORY,
  SORT_NAMES,
  TASK_SORTS,
  isTaskSort,
  isTaskStatus,
  type TaskFilters,
} from './task-filters';
import { NamedOptions, Options } from '../../ui/options';

export interface TaskFilterBarProps {
  filters: TaskFilters;
  onChange(next: TaskFilters): void;
  /** Offered as a "Clear filters" button when given (the parent knows when it helps). */
  onClear?: (() => void) | undefined;
  categories: readonly Category[];
  labels: readonly Label[];
}

/** Search, the three filters and the sort order, each with a visible label. */
export function TaskFilterBar({
  filters,
  onChange,
  onClear,
  categories,
  labels,
}: TaskFilterBarProps) {
  const update = (patch: Partial<TaskFilters>) => onChange({ ...filters, ...patch });
  return (
    <div role="search" className="task-filter-bar" aria-label="Filter tasks">
      <Field label="Search titles" className="task-filter-bar__search">
        <input
          type="search"
          value={filters.search}
          placeholder="Type part of a title"
          onChange={(event) => update({ search: event.target.value })}
        />
      </Field>
      <Field label="Status">
        <select
          value={filters.status}
          onChange={(event) => {
            const value = event.target.value;
            update({ status: isTaskStatus(value) ? value : '' });
          }}
        >
          <option value="">Any status</option>
          <Options items={TASK_STATUSES} />
        </select>
      </Field>
      <Field label="Category">
        <select
          value={filters.categoryId}
          onChange={(event) => update({ categoryId: event.target.value })}
        >
          <option value="">Any category</option>
          <option value={NO_CATEGORY}>No category</option>
          <NamedOptions items={categories} />
        </select>
      </Field>
      <Field label="Label">
        <select
          value={filters.labelId}
          onChange={(event) => update({ labelId: event.target.value })}
        >
          <option value="">Any label</option>
          <NamedOptions items={labels} />
        </select>
      </Field>
      <Field label="Sort by">
        <select
          value={filters.sort}
          onChange={(event) => {
            const value = event.target.value;
            if (isTaskSort(value)) update({ sort: value });
          }}
        >
          <Options items={TASK_SORTS} label={(sort) => SORT_NAMES[sort]} />
        </select>
      </Field>
      {onClear && (
        <Button variant="quiet" className="task-filter-bar__clear" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </div>
  );
}

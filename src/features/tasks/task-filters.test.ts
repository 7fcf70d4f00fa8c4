import { describe, expect, it } from 'vitest';
import { taskRow } from '../../../test/support/factories';
import type { Task } from '../../domain/task';
import {
  DEFAULT_FILTERS,
  NO_CATEGORY,
  applyTaskFilters,
  filterTasks,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
  sortTasks,
  type TaskFilters,
} from './task-filters';

const task = (id: string, fields: Partial<Task> = {}): Task =>
  taskRow({ id, title: id, ...fields });

const filters = (patch: Partial<TaskFilters>): TaskFilters => ({ ...DEFAULT_FILTERS, ...patch });
const ids = (tasks: readonly Task[]) => tasks.map((each) => each.id);

describe('filterTasks', () => {
  const tasks = [
    task('report', { title: 'Write the quarterly REPORT', categoryId: 'work', labelIds: ['deep'] }),
    task('dentist', { title: 'Book a dentist', status: 'BLOCKED', categoryId: 'health' }),
    task('loose', { title: 'Loose end', labelIds: ['deep', 'quick'] }),
    task('gone', { title: 'Deleted report', deletedAt: '2026-01-02T00:00:00.000Z' }),
  ];

  it('hides soft-deleted tasks even without filters', () => {
    expect(ids(filterTasks(tasks, DEFAULT_FILTERS))).toEqual(['report', 'dentist', 'loose']);
  });

  it('filters by status', () => {
    expect(ids(filterTasks(tasks, filters({ status: 'BLOCKED' })))).toEqual(['dentist']);
  });

  it('filters by category, and by "no category"', () => {
    expect(ids(filterTasks(tasks, filters({ categoryId: 'work' })))).toEqual(['report']);
    expect(ids(filterTasks(tasks, filters({ categoryId: NO_CATEGORY })))).toEqual(['loose']);
  });

  it('filters by label', () => {
    expect(ids(filterTasks(tasks, filters({ labelId: 'deep' })))).toEqual(['report', 'loose']);
    expect(ids(filterTasks(tasks, filters({ labelId: 'quick' })))).toEqual(['loose']);
  });

  it('searches titles case-insensitively, ignoring surrounding spaces', () => {
    expect(ids(filterTasks(tasks, filters({ search: '  report ' })))).toEqual(['report']);
    expect(ids(filterTasks(tasks, filters({ search: 'DENT' })))).toEqual(['dentist']);
    expect(filterTasks(tasks, filters({ search: 'nothing like it' }))).toEqual([]);
  });

  it('combines every filter', () => {
    const combined = filters({ categoryId: 'work', labelId: 'deep', search: 'quarterly' });
    expect(ids(filterTasks(tasks, combined))).toEqual(['report']);
    expect(filterTasks(tasks, { ...combined, status: 'DONE' })).toEqual([]);
  });
});

describe('sortTasks', () => {
  const tasks = [
    task('late-low', { dueDate: '2026-05-01', priority: 'P3', updatedAt: '2026-01-03T00:00:00Z' }),
    task('undated-urgent', { priority: 'P0', updatedAt: '2026-01-05T00:00:00Z' }),
    task('soon-normal', {
      dueDate: '2026-02-01',
      priority: 'P2',
      updatedAt: '2026-01-01T00:00:00Z',
    }),
    task('soon-high', { dueDate: '2026-02-01', priority: 'P1', updatedAt: '2026-01-02T00:00:00Z' }),
  ];

  it('sorts by due date, soonest first, undated last, ties by priority', () => {
    expect(ids(sortTasks(tasks, 'due'))).toEqual([
      'soon-high',
      'soon-normal',
      'late-low',
      'undated-urgent',
    ]);
  });

  it('sorts by priority, most urgent first, ties by due date', () => {
    expect(ids(sortTasks(tasks, 'priority'))).toEqual([
      'undated-urgent',
      'soon-high',
      'soon-normal',
      'late-low',
    ]);
  });

  it('sorts by last update, newest first', () => {
    expect(ids(sortTasks(tasks, 'updated'))).toEqual([
      'undated-urgent',
      'late-low',
      'soon-high',
      'soon-normal',
    ]);
  });

  it('does not reorder the array it was given', () => {
    const before = ids(tasks);
    sortTasks(tasks, 'due');
    expect(ids(tasks)).toEqual(before);
  });

  it('filters then sorts in applyTaskFilters', () => {
    const result = applyTaskFilters(tasks, filters({ search: 'soon', sort: 'priority' }));
    expect(ids(result)).toEqual(['soon-high', 'soon-normal']);
  });
});

describe('filters in the URL', () => {
  it('round-trips every filter', () => {
    const chosen = filters({
      status: 'ON HOLD',
      categoryId: 'work',
      labelId: 'deep',
      search: 'report',
      sort: 'due',
    });
    expect(filtersFromSearchParams(filtersToSearchParams(chosen))).toEqual(chosen);
  });

  it('leaves defaults out of the URL', () => {
    expect(filtersToSearchParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('ignores a status or sort it does not know', () => {
    const parsed = filtersFromSearchParams(new URLSearchParams('status=LOST&sort=random'));
    expect(parsed.status).toBe('');
    expect(parsed.sort).toBe(DEFAULT_FILTERS.sort);
  });

  it('counts narrowing filters as active, not the sort order', () => {
    expect(hasActiveFilters(filters({ sort: 'due' }))).toBe(false);
    expect(hasActiveFilters(filters({ search: '   ' }))).toBe(false);
    expect(hasActiveFilters(filters({ labelId: 'deep' }))).toBe(true);
  });
});

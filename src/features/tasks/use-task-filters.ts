/**
 * The list's filters live in the URL search params, so a reload, a shared link or the
 * back button keeps them. Typing in search replaces the history entry instead of adding
 * one per keystroke.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromSearchParams, filtersToSearchParams, type TaskFilters } from './task-filters';

export function useTaskFilters(): [TaskFilters, (next: TaskFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const setFilters = useCallback(
    (next: TaskFilters) => setParams(filtersToSearchParams(next), { replace: true }),
    [setParams],
  );
  return [filters, setFilters];
}

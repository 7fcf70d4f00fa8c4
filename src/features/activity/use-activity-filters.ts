import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  filtersFromSearchParams,
  filtersToSearchParams,
  type ActivityFilters,
} from './activity-filters';

/** The filters as URL search params; a change replaces the history entry, like the task list. */
export function useActivityFilters(): [ActivityFilters, (next: ActivityFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const setFilters = useCallback(
    (next: ActivityFilters) => setParams(filtersToSearchParams(next), { replace: true }),
    [setParams],
  );
  return [filters, setFilters];
}

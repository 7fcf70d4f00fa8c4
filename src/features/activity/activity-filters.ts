/**
 * The activity filters and their URL form (`?task=…&kind=…&source=…`), so a reload, the
 * back button or a link from a task page keeps them. Unknown values read as "all".
 */
import type { AuditFilter } from '../../db/queries/audit';
import type { AuditKind } from '../../domain/audit';
import type { WriteSource } from '../../domain/write-source';

export const KIND_FILTERS = {
  action: { label: 'Actions', kinds: ['action'] },
  result: { label: 'Results', kinds: ['toolResult'] },
  denied: { label: 'Policy denied', kinds: ['policyDenied'] },
  thought: { label: 'Agent thoughts', kinds: ['thought', 'observation'] },
} as const satisfies Record<string, { label: string; kinds: readonly AuditKind[] }>;
export type KindFilter = keyof typeof KIND_FILTERS;

/** Sources a person filters by; `sync` writes still show under "All sources". */
export const SOURCE_FILTERS = {
  user: 'You',
  agent: 'Agent',
  confirmation: 'Confirmed proposals',
  undo: 'Undo',
  rule: 'Rule',
} as const satisfies Partial<Record<WriteSource, string>>;
export type SourceFilter = keyof typeof SOURCE_FILTERS;

export interface ActivityFilters {
  /** A task id, or '' for all tasks. */
  taskId: string;
  kind: KindFilter | '';
  source: SourceFilter | '';
}

export const NO_FILTERS: ActivityFilters = { taskId: '', kind: '', source: '' };

export function isKindFilter(value: string): value is KindFilter {
  return Object.hasOwn(KIND_FILTERS, value);
}

export function isSourceFilter(value: string): value is SourceFilter {
  return Object.hasOwn(SOURCE_FILTERS, value);
}

export function filtersFromSearchParams(params: URLSearchParams): ActivityFilters {
  const kind = params.get('kind') ?? '';
  const source = params.get('source') ?? '';
  return {
    taskId: params.get('task') ?? '',
    kind: isKindFilter(kind) ? kind : '',
    source: isSourceFilter(source) ? source : '',
  };
}

export function filtersToSearchParams(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.taskId) params.set('task', filters.taskId);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.source) params.set('source', filters.source);
  return params;
}

export function hasActiveFilters(filters: ActivityFilters): boolean {
  return filters.taskId !== '' || filters.kind !== '' || filters.source !== '';
}

export function toAuditFilter(filters: ActivityFilters): AuditFilter {
  return {
    ...(filters.taskId && { taskId: filters.taskId }),
    ...(filters.kind && { kinds: KIND_FILTERS[filters.kind].kinds }),
    ...(filters.source && { source: filters.source }),
  };
}

/** Equal for equal filters: tells whether a live query's page was read for these filters. */
export function auditFilterKey(filter: AuditFilter): string {
  return JSON.stringify([filter.taskId ?? '', filter.kinds ?? [], filter.source ?? '']);
}

/**
 * The activity filters and their URL form (`?task=…&kind=…&source=…&device=…&period=…`),
 * so a reload, the back button or a link from a task page keeps them. Unknown values read
 * as "all".
 */
import type { AuditFilter } from '../../db/queries/activity-audit';
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

/** How far back to look, in hours. */
export const PERIOD_FILTERS = {
  day: { label: 'Last 24 hours', hours: 24 },
  week: { label: 'Last 7 days', hours: 7 * 24 },
  month: { label: 'Last 30 days', hours: 30 * 24 },
} as const satisfies Record<string, { label: string; hours: number }>;
export type PeriodFilter = keyof typeof PERIOD_FILTERS;

/** `here` for this device; otherwise another device's id. */
export const THIS_DEVICE = 'here';

export interface ActivityFilters {
  /** A task id, or '' for all tasks. */
  taskId: string;
  kind: KindFilter | '';
  source: SourceFilter | '';
  /** `here`, a device id, or '' for every device. */
  device: string;
  period: PeriodFilter | '';
}

export const NO_FILTERS: ActivityFilters = {
  taskId: '',
  kind: '',
  source: '',
  device: '',
  period: '',
};

export function isKindFilter(value: string): value is KindFilter {
  return Object.hasOwn(KIND_FILTERS, value);
}

export function isSourceFilter(value: string): value is SourceFilter {
  return Object.hasOwn(SOURCE_FILTERS, value);
}

export function isPeriodFilter(value: string): value is PeriodFilter {
  return Object.hasOwn(PERIOD_FILTERS, value);
}

export function filtersFromSearchParams(params: URLSearchParams): ActivityFilters {
  const kind = params.get('kind') ?? '';
  const source = params.get('source') ?? '';
  const period = params.get('period') ?? '';
  return {
    taskId: params.get('task') ?? '',
    kind: isKindFilter(kind) ? kind : '',
    source: isSourceFilter(source) ? source : '',
    device: (params.get('device') ?? '').slice(0, 100),
    period: isPeriodFilter(period) ? period : '',
  };
}

export function filtersToSearchParams(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.taskId) params.set('task', filters.taskId);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.source) params.set('source', filters.source);
  if (filters.device) params.set('device', filters.device);
  if (filters.period) params.set('period', filters.period);
  return params;
}

export function hasActiveFilters(filters: ActivityFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}

/** The query's filter; a period counts back from `now`, the moment it was chosen. */
export function toAuditFilter(filters: ActivityFilters, now: Date): AuditFilter {
  const period = filters.period ? PERIOD_FILTERS[filters.period] : undefined;
  return {
    ...(filters.taskId && { taskId: filters.taskId }),
    ...(filters.kind && { kinds: KIND_FILTERS[filters.kind].kinds }),
    ...(filters.source && { source: filters.source }),
    ...(filters.device && { device: filters.device }),
    ...(period && { since: new Date(now.getTime() - period.hours * 3_600_000).toISOString() }),
  };
}

/** Equal for equal filters: tells whether a live query's page was read for these filters. */
export function auditFilterKey(filter: AuditFilter): string {
  return JSON.stringify([
    filter.taskId ?? '',
    filter.kinds ?? [],
    filter.source ?? '',
    filter.device ?? '',
    filter.since ?? '',
  ]);
}

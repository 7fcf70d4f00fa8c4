import type { Staleness } from './staleness';

const FIELD_NAMES: Record<string, string> = {
  title: 'title',
  estimateMinutes: 'estimate',
  dueDate: 'due date',
  priority: 'priority',
  status: 'status',
  statusReason: 'status reason',
  labelIds: 'labels',
  isChecked: 'checked state',
  isArchived: 'archived state',
};

/** "You changed the estimate (60 → 45) since this was proposed. Apply anyway?" */
export function describeStaleness(staleness: Staleness): string {
  const parts = staleness.changed.map(
    ({ field, then, now }) => `${FIELD_NAMES[field] ?? field} (${show(then)} → ${show(now)})`,
  );
  return `Changed since this was proposed: ${parts.join(', ')}. Applying it would overwrite that change; choose "Apply anyway" if you still want it.`;
}

function show(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  return String(value);
}

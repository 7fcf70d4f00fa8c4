/**
 * Words for what changed under a proposal since the agent made it:
 * "estimate is now 45 min", "title is now “Ship it”".
 */
import type { Staleness } from './staleness';
import { formatMinutes } from '../lib/format-minutes';

const FIELD_NAMES: Readonly<Record<string, string>> = {
  title: 'title',
  estimateMinutes: 'estimate',
  dueDate: 'due date',
  priority: 'priority',
  status: 'status',
  statusReason: 'status reason',
  labelIds: 'labels',
  isChecked: 'item',
  isArchived: 'item',
};

function describeField(field: string, now: unknown): string {
  const name = Object.hasOwn(FIELD_NAMES, field) ? FIELD_NAMES[field]! : field;
  if (now === null || now === undefined || now === '') return `${name} is now empty`;
  switch (field) {
    case 'estimateMinutes':
      return typeof now === 'number' ? `estimate is now ${formatMinutes(now)}` : 'estimate changed';
    case 'labelIds':
      return 'labels changed';
    case 'isChecked':
      return now === true ? 'item is now checked' : 'item is now unchecked';
    case 'isArchived':
      return now === true ? 'item is now archived' : 'item is no longer archived';
    case 'title':
    case 'statusReason':
      return `${name} is now “${String(now)}”`;
    default:
      return `${name} is now ${String(now)}`;
  }
}

/** "Changed since proposed: estimate is now 45 min", or undefined when nothing changed. */
export function describeStaleness(staleness: Staleness): string | undefined {
  if (!staleness.stale || staleness.changed.length === 0) return undefined;
  const parts = staleness.changed.map((change) => describeField(change.field, change.now));
  return `Changed since proposed: ${[...new Set(parts)].join('; ')}`;
}

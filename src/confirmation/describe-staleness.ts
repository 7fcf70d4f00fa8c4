/**
 * Words for what changed under a proposal since the agent made it:
 * "estimate is now 45 min", "title is now “Ship it”". A field's words come from the tools
 * that propose it (their `fieldLabels`).
 */
import { formatMinutes } from '../lib/format-minutes';
import { fieldLabel } from '../tools/registry';
import type { Staleness } from './staleness';

function describeField(field: string, now: unknown): string {
  const name = fieldLabel(field) ?? field;
  if (now === null || now === undefined || now === '') return `${name} is now empty`;
  switch (field) {
    case 'estimateMinutes':
      return typeof now === 'number' ? `${name} is now ${formatMinutes(now)}` : `${name} changed`;
    case 'labelIds':
    case 'categoryId':
      return `${name} changed`;
    case 'isChecked':
      return now === true ? `${name} is now checked` : `${name} is now unchecked`;
    case 'isArchived':
      return now === true ? `${name} is now archived` : `${name} is no longer archived`;
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

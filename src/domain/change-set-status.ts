/** The change set lifecycle (ADR 0006): derived from its items, never stored independently of them. */
import type { ChangeItem, ChangeSetStatus } from './change-set';

export function deriveChangeSetStatus(
  items: readonly Pick<ChangeItem, 'status'>[],
): ChangeSetStatus {
  const open = items.filter((item) => item.status === 'pending').length;
  if (items.length > 0 && items.every((item) => item.status === 'expired')) return 'expired';
  if (open === items.length) return 'pending';
  if (open === 0) return 'resolved';
  return 'partiallyResolved';
}

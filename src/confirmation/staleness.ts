/**
 * Has the person changed what an item would change since it was proposed? Compares
 * the item's `base` (the values of its fields at proposal time) with the entity now.
 * Only a change to the same fields counts: a new title does not make an estimate stale.
 */
import type { ChangeItem } from '../domain/change-set';
import type { JournalReader } from '../domain/journal-access';
import { canonicalJson } from '../domain/canonical-json';
import { findTool } from '../tools/registry';

export interface Staleness {
  stale: boolean;
  /** Fields changed since the proposal, with their value then and now. */
  changed: { field: string; then: unknown; now: unknown }[];
}

const NOT_STALE: Staleness = { stale: false, changed: [] };

export async function itemStaleness(
  journal: JournalReader,
  taskId: string,
  item: ChangeItem,
): Promise<Staleness> {
  if (!item.base) return NOT_STALE;
  const tool = findTool(item.toolName);
  const target = tool?.proposalTarget?.(tool.argsSchema.parse(item.args), { taskId });
  if (!target || target.fields.length === 0) return NOT_STALE;
  const entity = (await journal.storedRow(target.table, target.id)) as
    Record<string, unknown> | undefined;
  if (!entity) return NOT_STALE; // a missing target is a failure at confirmation, not staleness
  if (entity.rev === item.baseRev) return NOT_STALE;
  const changed = target.fields
    .filter(
      (field) => canonicalJson(entity[field] ?? null) !== canonicalJson(item.base?.[field] ?? null),
    )
    .map((field) => ({ field, then: item.base?.[field] ?? null, now: entity[field] ?? null }));
  return { stale: changed.length > 0, changed };
}

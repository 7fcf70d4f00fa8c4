/**
 * Trusted tools (the coding agent's auto-approve list): pending items of a tool the
 * person set to "Apply without asking" are confirmed by the rule, one by one through the
 * same confirmation path, so they appear in the history with actor "rule". Stale items
 * and failures stay for the person; waiting never turns into a decision by itself.
 */
import type { CountersignDatabase } from '../db/database';
import { readTrustedTools } from '../db/agent-settings';
import { openChangeSet } from '../db/agent-records';
import { allTools } from '../tools/registry';
import { confirmItem } from './confirm-item';

/** The model-facing tool a (possibly exploded) item belongs to: `add_checklist_item` → `add_multiple_checklist_items`. */
export function catalogueToolOf(itemToolName: string): string {
  return allTools().find((tool) => tool.batch?.singular === itemToolName)?.name ?? itemToolName;
}

export async function applyTrustedItems(db: CountersignDatabase, taskId: string): Promise<number> {
  const trusted = new Set(await readTrustedTools(db));
  if (trusted.size === 0) return 0;
  const set = await openChangeSet(db, taskId);
  if (!set) return 0;
  let applied = 0;
  for (const [index, item] of set.items.entries()) {
    if (item.status !== 'pending' || !trusted.has(catalogueToolOf(item.toolName))) continue;
    const result = await confirmItem(db, set.id, index, { actor: 'rule' });
    if (result.status === 'applied') applied += 1;
  }
  return applied;
}

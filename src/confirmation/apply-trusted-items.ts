/**
 * Trusted tools (the coding agent's auto-approve list): pending items of a tool the
 * person set to "Apply without asking" are confirmed by the rule through the same
 * confirmation path, in one transaction, so they appear in the history with actor
 * "rule". Stale items and failures stay for the person; waiting never turns into a
 * decision by itself.
 */
import { openChangeSet } from '../db/agent-records';
import { readTrustedTools } from '../db/agent-settings';
import type { CountersignDatabase } from '../db/database';
import { batchToolOf, findTool } from '../tools/registry';
import { confirmAll } from './confirm-all';

/** The model-facing tool a (possibly exploded) item belongs to: `add_checklist_item` → `add_multiple_checklist_items`. */
function catalogueToolOf(itemToolName: string): string {
  const tool = findTool(itemToolName);
  return (tool && batchToolOf(tool)?.name) ?? itemToolName;
}

export async function applyTrustedItems(db: CountersignDatabase, taskId: string): Promise<number> {
  const trusted = new Set(await readTrustedTools(db));
  if (trusted.size === 0) return 0;
  const set = await openChangeSet(db, taskId);
  if (!set) return 0;
  const result = await confirmAll(db, set.id, {
    actor: 'rule',
    only: (item) => trusted.has(catalogueToolOf(item.toolName)),
  });
  return result.applied.length;
}

import type { Actor } from './task';
import type { WriteSource } from './write-source';

/**
 * Who a write counts as in the journal's own fields (status history, checkedBy):
 * the person for their own edits, undo and imports; the agent for anything it proposed
 * or applied, even when a person countersigned it.
 */
export function actorOf(source: WriteSource): Actor {
  return source === 'user' || source === 'undo' || source === 'sync' ? 'user' : 'agent';
}

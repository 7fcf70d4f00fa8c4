/**
 * The trigger of a tab's automatic wake (decisions/0014): the newest stream sequence that
 * edited the task, which its claim must cover. An edit from another device has the
 * sequence it was applied at (`syncApplied`, found by the ledger row of applying it). This
 * device's own edits keep no stream sequence here (the feed only moves the cursor past
 * them), so one among the newest makes the trigger "after everything": the tab then wakes
 * unless another device is working on the task now.
 */
import Dexie from 'dexie';
import type { CountersignDatabase } from '../database';

export const AFTER_EVERYTHING = Number.MAX_SAFE_INTEGER;

/** The task's newest edits looked at: older ones were covered by its earlier wakes. */
const NEWEST_EDITS = 20;

export async function readTaskTrigger(db: CountersignDatabase, taskId: string): Promise<number> {
  const rows = await db.mutations
    .where('[taskId+createdAt]')
    .between([taskId, Dexie.minKey], [taskId, Dexie.maxKey])
    .reverse()
    .limit(NEWEST_EDITS)
    .toArray();
  let trigger = 0;
  for (const row of rows) {
    // Only edits wake the agent (write-source.ts): a confirmation or the agent's own write is no trigger.
    if (row.source === 'user' || row.source === 'undo') return AFTER_EVERYTHING;
    if (row.source !== 'sync') continue;
    const applied = await db.syncApplied.where('localOperationId').equals(row.operationId).first();
    trigger = Math.max(trigger, applied?.seq ?? 0);
  }
  return trigger;
}

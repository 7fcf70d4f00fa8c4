/**
 * What a review row shows beside the summary: the change as it would land on the task as it
 * is now (the tool's before → after), and whether the person changed the same thing since
 * the agent proposed it. Read live, so an edit elsewhere updates the row.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { getDatabase } from '../../db/connection';
import { createJournalReader } from '../../db/journal-store';
import type { ChangeItem } from '../../domain/change-set';
import { itemStaleness } from '../../confirmation/staleness';
import type { Preview } from '../../tools/tool-definition';
import { findTool } from '../../tools/registry';
import { describeStaleness } from '../../confirmation/describe-staleness';

export interface ItemView {
  preview: Preview | undefined;
  /** Why there is no preview (the checklist item is gone, the arguments no longer parse). */
  previewProblem: string | undefined;
  stale: boolean;
  /** "Changed since proposed: estimate is now 45 min". */
  staleNote: string | undefined;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function readItemView(taskId: string, item: ChangeItem): Promise<ItemView> {
  const journal = createJournalReader(getDatabase());
  const tool = findTool(item.toolName);
  let preview: Preview | undefined;
  let previewProblem: string | undefined;
  const parsed = tool?.argsSchema.safeParse(item.args);
  if (!tool || !parsed?.success) {
    previewProblem = tool
      ? 'The proposal’s details no longer make sense.'
      : 'Unknown kind of change.';
  } else if (tool.preview) {
    try {
      preview = await tool.preview(parsed.data, journal, { taskId });
    } catch (error) {
      previewProblem = messageOf(error);
    }
  }
  let staleness = { stale: false, changed: [] as { field: string; then: unknown; now: unknown }[] };
  try {
    staleness = await itemStaleness(journal, taskId, item);
  } catch {
    // Arguments that do not parse already show as a preview problem; confirming says why.
  }
  return {
    preview,
    previewProblem,
    stale: staleness.stale,
    staleNote: describeStaleness(staleness),
  };
}

/** The row's view, undefined until first read. */
export function useItemView(taskId: string, item: ChangeItem): ItemView | undefined {
  // The list re-reads its rows after every decision, each a new object: the query is kept
  // while the item is the same row at the same revision, not re-run for every row shown.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- id and rev name the row's content
  const same = useMemo(() => item, [item.id, item.rev, item.updatedAt]);
  return useLiveQuery(() => readItemView(taskId, same), [taskId, same]);
}

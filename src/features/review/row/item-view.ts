/**
 * What a review row shows beside the summary: the change as it would land on the task as it
 * is now (the tool's before → after), and whether the person changed the same thing since
 * the agent proposed it. Read live, so an edit elsewhere updates the row.
 *
 * A list reads the views of the rows it is about to show with the rows themselves
 * (withItemViews), so a row first renders with its preview: shown first in words, it
 * would change height when the preview came, and move every row under it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { getDatabase } from '../../../db/connection';
import { createJournalReader } from '../../../db/journal-store';
import type { ChangeItem } from '../../../domain/change-set';
import { itemStaleness } from '../../../confirmation/staleness';
import type { Preview } from '../../../tools/tool-definition';
import { findTool } from '../../../tools/registry';
import { describeStaleness } from '../../../confirmation/describe-staleness';

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

/** Views read ahead by the lists, by item revision; the oldest go past PRIMED_LIMIT. */
const primed = new Map<string, ItemView>();
const PRIMED_LIMIT = 500;
const viewKey = (item: ChangeItem) => `${item.id}:${item.rev}:${item.updatedAt}`;

/**
 * Inside a list's live query: reads its rows' views, then returns the rows, so a row
 * renders with its preview when it first shows. Read in the list's query, the views are
 * watched by it: an edit to what a row shows runs the list's query again, and the rows
 * take their new views from here (useItemView). A failed read costs only the head start:
 * the row reads and watches its view itself.
 */
export async function withItemViews<Rows>(
  rows: Rows,
  entries: readonly { taskId: string; item: ChangeItem }[],
): Promise<Rows> {
  try {
    const views = await Promise.all(entries.map(({ taskId, item }) => readItemView(taskId, item)));
    entries.forEach(({ item }, index) => {
      const key = viewKey(item);
      primed.delete(key);
      primed.set(key, views[index]!);
    });
    for (const key of primed.keys()) {
      if (primed.size <= PRIMED_LIMIT) break;
      primed.delete(key);
    }
  } catch {
    // The rows show in words until their own reads come back.
  }
  return rows;
}

/**
 * The row's view. Its list read it with the rows (withItemViews), and reads it again
 * whenever a write touches what it shows, so the row takes it from there and reads nothing
 * itself: a decision re-runs one query for the list, not one more per row shown. Only a
 * row whose list could not read it ahead reads (and watches) its own.
 */
export function useItemView(taskId: string, item: ChangeItem): ItemView | undefined {
  // The list re-reads its rows after every decision, each a new object: the query is kept
  // while the item is the same row at the same revision, not re-run for every row shown.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- id and rev name the row's content
  const same = useMemo(() => item, [item.id, item.rev, item.updatedAt]);
  const ahead = primed.get(viewKey(same));
  const readAhead = ahead !== undefined;
  // Reads (and so watches) nothing while the list provides the view.
  const own = useLiveQuery(
    () => (readAhead ? undefined : readItemView(taskId, same)),
    [taskId, same, readAhead],
  );
  return ahead ?? own;
}

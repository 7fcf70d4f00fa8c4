/**
 * The inbox's window: only the rows near the viewport are read and rendered.
 * @tanstack/react-virtual places them, readInboxWindow reads them through the inbox index
 * (a page at a time, so scrolling re-reads rarely), and the count comes from a maintained
 * tally, so fifty thousand waiting items cost what fifty do. The rows shown are held while
 * a decided row leaves (use-row-lifecycle.ts), and a rejected row's reason prompt keeps
 * the row's place once the row has left the data.
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLiveQuery } from 'dexie-react-hooks';
import { useLayoutEffect, useState, type RefObject } from 'react';
import { getDatabase } from '../../../db/connection';
import { readInboxWindow, type InboxRow } from '../../../db/queries/review-proposals';
import { useItemKeys } from './inbox-places';
import { withItemViews } from '../row/item-view';
import type { RecentRejection } from '../actions/review-actions-state';
import { useRowLifecycle } from '../row/use-row-lifecycle';

const PAGE = 20;
export const ESTIMATED_ROW = 176;
const ESTIMATED_HEADING = 94;

/** Whether the read window still has the row `key` (the list holds a decided row until not). */
const windowShows = (value: { rows: ReadonlyMap<number, InboxRow> }, key: string) =>
  [...value.rows.values()].some((row) => row.entry.key === key);

export function useInboxWindow(
  count: number,
  rejection: RecentRejection | undefined,
  listRef: RefObject<HTMLDivElement | null>,
) {
  const [range, setRange] = useState({ start: 0, end: PAGE });
  const [scrollMargin, setScrollMargin] = useState(0);

  const live = useLiveQuery(async () => {
    const rows = await readInboxWindow(getDatabase(), range.start, range.end - range.start);
    return withItemViews(
      rows,
      rows.map((row) => row.entry),
    );
  }, [range.start, range.end]);
  const liveRows = new Map((live ?? []).map((row) => [row.index, row] as const));
  const lifecycle = useRowLifecycle({ rows: liveRows, count }, windowShows, listRef);
  const rows = lifecycle.shown.rows;
  const dataCount = lifecycle.shown.count;

  const promptAt =
    rejection?.index !== undefined &&
    ![...rows.values()].some((row) => row.entry.key === rejection.entry.key)
      ? Math.min(rejection.index, dataCount)
      : undefined;
  const total = dataCount + (promptAt !== undefined ? 1 : 0);
  // A task's heading stays over the prompt of its first row while the task has rows left.
  const afterPrompt = promptAt !== undefined ? rows.get(promptAt) : undefined;
  const promptHeading =
    afterPrompt?.startsGroup && afterPrompt.entry.changeSetId === rejection?.entry.changeSetId
      ? afterPrompt
      : undefined;
  const dataIndexOf = (virtualIndex: number) =>
    promptAt !== undefined && virtualIndex > promptAt ? virtualIndex - 1 : virtualIndex;

  const estimate = (index: number) => {
    const row = rows.get(dataIndexOf(index));
    return ESTIMATED_ROW + (row?.startsGroup ? ESTIMATED_HEADING : 0);
  };
  const virtualizer = useWindowVirtualizer({
    count: total,
    estimateSize: estimate,
    // A row that has no layout yet (or none at all, as in tests) keeps its estimate.
    measureElement: (element) =>
      element.getBoundingClientRect().height ||
      estimate(Number((element as HTMLElement).dataset.index)),
    overscan: 4,
    scrollMargin,
    getItemKey: useItemKeys(rows, promptAt, rejection?.entry.key),
  });
  const virtualItems = virtualizer.getVirtualItems();

  // Read the pages the viewport needs.
  const first = virtualItems[0] ? dataIndexOf(virtualItems[0].index) : 0;
  const last = virtualItems.at(-1) ? dataIndexOf(virtualItems.at(-1)!.index) : 0;
  const wanted = {
    start: Math.floor(first / PAGE) * PAGE,
    end: (Math.floor(last / PAGE) + 1) * PAGE,
  };
  if (wanted.start !== range.start || wanted.end !== range.end) setRange(wanted);

  useLayoutEffect(() => {
    const top = listRef.current?.getBoundingClientRect().top;
    if (top !== undefined) setScrollMargin(Math.max(0, top + window.scrollY));
  }, [listRef]);

  /** Scrolls the row at `index` of the data into view (and so reads it). */
  function scrollToData(index: number) {
    const virtual = promptAt !== undefined && index >= promptAt ? index + 1 : index;
    virtualizer.scrollToIndex(virtual, { align: 'auto' });
  }

  return {
    lifecycle,
    /** The rows read, by their place in the data. */
    rows,
    dataCount,
    /** Where the reason prompt stands on its own, once its row has left the data. */
    promptAt,
    /** The task heading that stays over the prompt. */
    promptHeading,
    dataIndexOf,
    virtualizer,
    virtualItems,
    scrollToData,
  };
}

/**
 * Where the inbox's focus is and where the keys move it (use-inbox-keys.ts): the current
 * row, which keeps the list's one tab stop, and a row to focus once it is rendered (one
 * scrolled to, or the one taking a confirmed group's place). Keys pressed before it
 * renders move on from there, not from the old focus.
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { InboxRow, PendingReviewItem } from '../../../db/queries/review-proposals';
import { useStableCallback } from '../../../ui/use-stable-callback';
import { findRowElement } from '../row/row-elements';
import { useInboxKeys } from './use-inbox-keys';

export interface InboxCursorOptions {
  listRef: RefObject<HTMLDivElement | null>;
  rows: ReadonlyMap<number, InboxRow>;
  dataCount: number;
  /** Scrolls the row at `index` of the data into view. */
  scrollToData(index: number): void;
  /** A decided row's lifecycle is moving the focus on. */
  travelling(): boolean;
  confirmGroup(row: InboxRow): void;
  undoLast(): void;
}

export function useInboxCursor({
  listRef,
  rows,
  dataCount,
  scrollToData,
  travelling,
  confirmGroup,
  undoLast,
}: InboxCursorOptions) {
  const [currentKey, setCurrentKey] = useState<string>();
  /** A row to focus, by its place in the list, once it is rendered. */
  const focusRequest = useRef<{ index: number; passing?: ReadonlySet<string> } | undefined>(
    undefined,
  );
  /** Where j / k move from: the focused row, or the row a focus request is on its way to. */
  const cursor = useRef<number | undefined>(undefined);

  const itemIndexes = [...rows.keys()].sort((a, b) => a - b);
  const activeKey =
    currentKey !== undefined && [...rows.values()].some((row) => row.entry.key === currentKey)
      ? currentKey
      : rows.get(itemIndexes[0] ?? 0)?.entry.key;

  useLayoutEffect(() => {
    const request = focusRequest.current;
    if (request === undefined) return;
    // The row there once the data has moved on (not one of the rows leaving), or the last
    // row when the list ends before it.
    const at = Math.min(request.index, Math.max(0, dataCount - 1));
    const placed = rows.get(at)?.entry.key;
    const key = placed !== undefined && !request.passing?.has(placed) ? placed : undefined;
    const element = key === undefined ? undefined : findRowElement(listRef.current, key);
    if (element) {
      focusRequest.current = undefined;
      // Focusing the row runs its onFocus, which records it as the current row.
      element.focus();
    }
  });

  function indexOfKey(key: string | undefined): number | undefined {
    for (const [index, row] of rows) if (row.entry.key === key) return index;
    return undefined;
  }

  /** Focuses the row at `index` of the data, scrolling it into view (and reading it) first if need be. */
  function focusData(index: number) {
    cursor.current = index;
    const row = rows.get(index);
    const element = row && findRowElement(listRef.current, row.entry.key);
    if (element) {
      setCurrentKey(row.entry.key);
      element.focus();
      return;
    }
    focusRequest.current = { index };
    scrollToData(index);
  }

  useInboxKeys({
    list: () => listRef.current,
    travellingTo: () =>
      focusRequest.current !== undefined || travelling() ? cursor.current : undefined,
    activeKey,
    cursor: () => cursor.current,
    count: dataCount,
    indexOfKey,
    focusRow: focusData,
    confirmAllAt(index) {
      const row = rows.get(index);
      if (row) confirmGroup(row);
      else focusData(index);
    },
    undoLast,
  });

  return {
    activeKey,
    indexOfKey,
    /** Once a group is confirmed: the focus goes to the row that takes its place. */
    focusInPlaceOf(group: readonly InboxRow[]) {
      focusRequest.current = {
        index: Math.min(...group.map((other) => other.index)),
        passing: new Set(group.map((other) => other.entry.key)),
      };
    },
    /** A row took the focus: it is the current row, where the keys move from. */
    rowFocused: useStableCallback((entry: PendingReviewItem) => {
      const index = indexOfKey(entry.key);
      if (index !== undefined) cursor.current = index;
      setCurrentKey(entry.key);
    }),
  };
}

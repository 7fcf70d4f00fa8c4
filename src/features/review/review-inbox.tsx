/**
 * Every pending item across tasks, in proposal order, grouped by task (each group's
 * heading sits above its first row). Only the rows near the viewport are read and
 * rendered: @tanstack/react-virtual places them, readInboxWindow reads them through the
 * inbox index, and the count comes from a maintained tally, so fifty thousand waiting
 * items cost what fifty do.
 *
 * Nothing moves under a finger: a decided row collapses in place before the list closes
 * up (the shown rows are held while it does), and a rejected row's reason prompt keeps the
 * row's place until the person moves on. Keyboard: j / k move between rows, y confirms,
 * n rejects, e opens the row's edit sheet (Enter confirms the edit, Escape cancels), a
 * confirms all of the focused row's task, u undoes the last decision here.
 */
import type { DecisionMethod } from '../../domain/change-set';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLiveQuery } from 'dexie-react-hooks';
import { useLayoutEffect, useRef, useState } from 'react';
import { getDatabase } from '../../db/connection';
import {
  readInboxWindow,
  type InboxRow,
  type PendingReviewItem,
} from '../../db/queries/review-proposals';
import { withItemViews } from './item-view';
import type { ReviewResult } from '../../confirmation/review-result';
import { InboxGroupHeading } from './inbox-group-heading';
import { RejectionReasonPanel } from './rejection-reason-panel';
import { ReviewItemRow } from './review-item-row';
import { findRowElement } from './row-elements';
import { useInboxKeys } from './use-inbox-keys';
import type { ReviewActions } from './use-review-actions';
import { useRowLifecycle } from './use-row-lifecycle';
import { useStableCallback } from '../../ui/use-stable-callback';
import { MotionWatchContext, useMotionWatch } from '../../ui/use-motion-watch';
import { useItemKeys } from './inbox-places';
import { BatchCaption } from './batch-caption';
import { batchPlace } from './group-rows';
import { InboxStuckHeading, statusBarHeight, stuckRowAt } from './inbox-stuck-heading';

export interface ReviewInboxProps {
  /** Items waiting (the tally). */
  count: number;
  actions: ReviewActions;
  /** A row was decided by a swipe. */
  onSwiped?: () => void;
}

const PAGE = 20;
const ESTIMATED_ROW = 176;
const ESTIMATED_HEADING = 94;

const groupKey = (changeSetId: string) => `group:${changeSetId}`;

/** Whether the read window still has the row `key` (the list holds a decided row until not). */
const windowShows = (value: { rows: ReadonlyMap<number, InboxRow> }, key: string) =>
  [...value.rows.values()].some((row) => row.entry.key === key);

export function ReviewInbox({ count, actions, onSwiped }: ReviewInboxProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const motion = useMotionWatch(listRef);
  const [currentKey, setCurrentKey] = useState<string>();
  /** A row to focus, by its place in the list, once it is rendered. */
  const focusRequest = useRef<{ index: number; passing?: ReadonlySet<string> } | undefined>(
    undefined,
  );
  /** Where j / k move from: the focused row, or the row a focus request is on its way to. */
  const cursor = useRef<number | undefined>(undefined);
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
  const { shown } = lifecycle;
  const rows = shown.rows;
  const dataCount = shown.count;

  // The rejected row's prompt keeps its place once the row has left the data.
  const rejection = actions.rejection;
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

  // Read the pages the viewport needs (a page at a time, so scrolling re-reads rarely).
  const first = virtualItems[0] ? dataIndexOf(virtualItems[0].index) : 0;
  const last = virtualItems.at(-1) ? dataIndexOf(virtualItems.at(-1)!.index) : 0;
  const wanted = {
    start: Math.floor(first / PAGE) * PAGE,
    end: (Math.floor(last / PAGE) + 1) * PAGE,
  };
  if (wanted.start !== range.start || wanted.end !== range.end) setRange(wanted);

  const itemIndexes = [...rows.keys()].sort((a, b) => a - b);
  const activeKey =
    currentKey !== undefined && [...rows.values()].some((row) => row.entry.key === currentKey)
      ? currentKey
      : rows.get(itemIndexes[0] ?? 0)?.entry.key;

  useLayoutEffect(() => {
    const top = listRef.current?.getBoundingClientRect().top;
    if (top !== undefined) setScrollMargin(Math.max(0, top + window.scrollY));
  }, []);

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

  /**
   * Focuses the row at `index` of the data, scrolling it into view (and reading it) first
   * if need be. Keys pressed before it renders move on from there, not from the old focus.
   */
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
    const virtual = promptAt !== undefined && index >= promptAt ? index + 1 : index;
    virtualizer.scrollToIndex(virtual, { align: 'auto' });
  }

  /** Runs a row's decision through its lifecycle: the focus goes on to the next row (the one before, at the end). */
  async function decide(row: InboxRow, run: () => Promise<ReviewResult>) {
    const next = rows.get(row.index + 1) ?? rows.get(row.index - 1);
    const { left } = await lifecycle.decide({
      key: row.entry.key,
      next: next?.entry.key,
      decide: run,
    });
    return left;
  }

  async function confirmGroup(row: InboxRow) {
    const hadFocus = listRef.current?.contains(document.activeElement) === true;
    const result = await actions.confirmAll(
      groupKey(row.entry.changeSetId),
      [row.entry.changeSetId],
      row.groupWaiting,
    );
    // The focus goes on to the row that takes the group's place: the next task's first.
    const group = [...rows.values()].filter(
      (other) => other.entry.changeSetId === row.entry.changeSetId,
    );
    if (hadFocus && result.failed.length === 0 && result.stale.length === 0)
      focusRequest.current = {
        index: Math.min(...group.map((other) => other.index)),
        passing: new Set(group.map((other) => other.entry.key)),
      };
  }

  useInboxKeys({
    list: () => listRef.current,
    travellingTo: () =>
      focusRequest.current !== undefined || lifecycle.travelling() ? cursor.current : undefined,
    activeKey,
    cursor: () => cursor.current,
    count: dataCount,
    indexOfKey,
    focusRow: focusData,
    confirmAllAt(index) {
      const row = rows.get(index);
      if (row) void confirmGroup(row);
      else focusData(index);
    },
    undoLast: () => void actions.undoLast(),
  });

  /** The reason prompt of the latest rejection, the same element wherever it stands. */
  function renderPrompt() {
    return (
      <RejectionReasonPanel
        key="prompt"
        rejection={rejection!}
        onDismiss={actions.dismissRejection}
        onUndo={(decisionId) => {
          actions.dismissRejection();
          void actions.undo([decisionId]);
        }}
      />
    );
  }

  // The same functions on every render, so a memoized row re-renders only when its own
  // props change: a swipe's state updates then re-render the swiped row, not every row.
  const rowOf = (entry: PendingReviewItem) => {
    const index = indexOfKey(entry.key);
    return index === undefined ? undefined : rows.get(index);
  };
  const rowFocused = useStableCallback((entry: PendingReviewItem) => {
    const index = indexOfKey(entry.key);
    if (index !== undefined) cursor.current = index;
    setCurrentKey(entry.key);
  });
  const rowConfirmed = useStableCallback(
    (entry: PendingReviewItem, options: Parameters<ReviewActions['confirm']>[1]) => {
      const row = rowOf(entry);
      return row ? decide(row, () => actions.confirm(entry, options)) : Promise.resolve(false);
    },
  );
  const rowRejected = useStableCallback((entry: PendingReviewItem, method: DecisionMethod) => {
    const row = rowOf(entry);
    if (!row) return Promise.resolve(false);
    return decide(row, () =>
      actions.reject(
        entry,
        { index: row.index, height: findRowElement(listRef.current, entry.key)?.offsetHeight },
        method,
      ),
    );
  });

  function renderHeading(row: InboxRow, placedAt: number) {
    return (
      <InboxGroupHeading
        row={row}
        placedAt={placedAt}
        running={actions.bulk.get(groupKey(row.entry.changeSetId))?.progress !== undefined}
        onConfirmAll={() => void confirmGroup(row)}
      />
    );
  }

  function renderRow(row: InboxRow, placedAt: number) {
    const bulk = actions.bulk.get(groupKey(row.entry.changeSetId));
    const entry: PendingReviewItem = row.entry;
    const previous = rows.get(row.index - 1);
    const batch = batchPlace(entry, previous?.entry, rows.get(row.index + 1)?.entry);
    return (
      <>
        {row.startsGroup && row !== promptHeading && renderHeading(row, placedAt)}
        {batch === 'starts' && <BatchCaption entry={entry} />}
        {rejection?.entry.key === entry.key ? (
          renderPrompt()
        ) : (
          <div
            className={`review-settle${batch ? ' review-batch__item' : ''}${lifecycle.phaseOf(entry.key) === 'leaving' ? ' review-collapse' : ''}`}
          >
            <ReviewItemRow
              entry={entry}
              busy={actions.busyKeys.has(entry.key) || bulk?.progress !== undefined}
              phase={lifecycle.phaseOf(entry.key)}
              notice={actions.notices.get(entry.key)}
              keyboardShortcuts
              onSwiped={onSwiped}
              tabIndex={entry.key === activeKey ? 0 : -1}
              onFocus={rowFocused}
              onConfirm={rowConfirmed}
              onReject={rowRejected}
            />
          </div>
        )}
      </>
    );
  }

  return (
    <MotionWatchContext value={motion}>
      <div
        ref={listRef}
        className="review-inbox__list"
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        <InboxStuckHeading
          row={stuckRowAt(
            virtualItems,
            (virtualizer.scrollOffset ?? 0) + statusBarHeight(),
            (index) => (index === promptAt ? undefined : rows.get(dataIndexOf(index))),
          )}
        />
        {virtualItems.map((virtual) => {
          const isPrompt = virtual.index === promptAt;
          const row = isPrompt ? undefined : rows.get(dataIndexOf(virtual.index));
          return (
            <div
              key={virtual.key}
              ref={virtualizer.measureElement}
              data-index={virtual.index}
              className="review-inbox__entry"
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${virtual.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              {isPrompt ? (
                <>
                  {promptHeading && renderHeading(promptHeading, virtual.start)}
                  {renderPrompt()}
                </>
              ) : row ? (
                renderRow(row, virtual.start)
              ) : (
                <div
                  className="review-inbox__placeholder"
                  style={{ height: ESTIMATED_ROW }}
                  aria-hidden="true"
                />
              )}
            </div>
          );
        })}
      </div>
    </MotionWatchContext>
  );
}

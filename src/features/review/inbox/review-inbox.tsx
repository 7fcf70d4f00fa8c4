/**
 * Every pending item across tasks, in proposal order, grouped by task (each group's
 * heading sits above its first row). Only the rows near the viewport are read and
 * rendered (use-inbox-window.ts); the keys and the focus are use-inbox-cursor.ts's.
 *
 * Nothing moves under a finger: a decided row collapses in place before the list closes
 * up (the shown rows are held while it does), and a rejected row's reason prompt keeps the
 * row's place until the person moves on. Keyboard: j / k move between rows, y confirms,
 * n rejects, e opens the row's edit sheet (Enter confirms the edit, Escape cancels), a
 * confirms all of the focused row's task, u undoes the last decision here.
 */
import type { DecisionMethod } from '../../../domain/change-set';
import { useRef } from 'react';
import type { InboxRow, PendingReviewItem } from '../../../db/queries/review-proposals';
import type { ReviewResult } from '../../../confirmation/review-result';
import { InboxGroupHeading } from './inbox-group-heading';
import { RejectionReasonPanel } from '../list/rejection-reason-panel';
import { ReviewItemRow } from '../row/review-item-row';
import { findRowElement } from '../row/row-elements';
import { useInboxCursor } from './use-inbox-cursor';
import { ESTIMATED_ROW, useInboxWindow } from './use-inbox-window';
import type { ReviewActions } from '../actions/use-review-actions';
import { useStableCallback } from '../../../ui/use-stable-callback';
import { MotionWatchContext, useMotionWatch } from '../../../ui/use-motion-watch';
import { BatchCaption } from '../list/batch-caption';
import { batchPlace } from '../list/group-rows';
import { InboxStuckHeading, statusBarHeight, stuckRowAt } from './inbox-stuck-heading';

export interface ReviewInboxProps {
  /** Items waiting (the tally). */
  count: number;
  actions: ReviewActions;
  /** A row was decided by a swipe. */
  onSwiped?: () => void;
}

const groupKey = (changeSetId: string) => `group:${changeSetId}`;

export function ReviewInbox({ count, actions, onSwiped }: ReviewInboxProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const motion = useMotionWatch(listRef);
  const rejection = actions.rejection;
  const {
    lifecycle,
    rows,
    dataCount,
    promptAt,
    promptHeading,
    dataIndexOf,
    virtualizer,
    virtualItems,
    scrollToData,
  } = useInboxWindow(count, rejection, listRef);
  const cursor = useInboxCursor({
    listRef,
    rows,
    dataCount,
    scrollToData,
    travelling: lifecycle.travelling,
    confirmGroup: (row) => void confirmGroup(row),
    undoLast: () => void actions.undoLast(),
  });

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
      cursor.focusInPlaceOf(group);
  }

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
    const index = cursor.indexOfKey(entry.key);
    return index === undefined ? undefined : rows.get(index);
  };
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
            className={`review-row-place${batch ? ' review-batch__item' : ''}${lifecycle.phaseOf(entry.key) === 'leaving' ? ' review-row-place--leaving' : ''}`}
          >
            <ReviewItemRow
              entry={entry}
              busy={actions.busyKeys.has(entry.key) || bulk?.progress !== undefined}
              phase={lifecycle.phaseOf(entry.key)}
              notice={actions.notices.get(entry.key)}
              keyboardShortcuts
              onSwiped={onSwiped}
              tabIndex={entry.key === cursor.activeKey ? 0 : -1}
              onFocus={cursor.rowFocused}
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

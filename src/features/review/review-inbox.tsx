/**
 * Every pending item across tasks, grouped by task, windowed so thousands of rows stay
 * smooth. Keyboard: j / k move between rows, y confirms, n rejects (in the row), a confirms
 * all of the focused row's task, u undoes the last decision made here. After a decision
 * the focus moves on to the next row.
 */
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PendingReviewItem, PendingTaskGroup } from '../../db/queries/proposals';
import type { ReviewResult } from '../../confirmation/review-result';
import { Button } from '../../ui/button';
import { BulkStatus } from './bulk-status';
import { ESTIMATED_HEIGHT, groupKey, inboxEntries, type InboxEntry } from './inbox-entries';
import { RejectionReasonPanel } from './rejection-reason-panel';
import { findRowElement, isEditableTarget, ReviewItemRow } from './review-item-row';
import { leavesTheList, type ReviewActions } from './use-review-actions';
import { useWindowVirtualizer } from './use-window-virtualizer';

export interface ReviewInboxProps {
  groups: readonly PendingTaskGroup[];
  actions: ReviewActions;
}

const isItem = (entry: InboxEntry): entry is Extract<InboxEntry, { type: 'item' }> =>
  entry.type === 'item';

export function ReviewInbox({ groups, actions }: ReviewInboxProps) {
  const entries = useMemo(
    () => inboxEntries(groups, actions.rejection),
    [groups, actions.rejection],
  );
  const virtualEntries = useMemo(
    () => entries.map((entry) => ({ key: entry.key, estimate: ESTIMATED_HEIGHT[entry.type] })),
    [entries],
  );
  const itemEntries = useMemo(() => entries.filter(isItem), [entries]);
  const { listRef, range, measureElement, scrollToIndex } = useWindowVirtualizer(virtualEntries);
  const [currentKey, setCurrentKey] = useState<string>();
  // A row to focus once it is rendered (after the window moved to it).
  const pendingFocus = useRef<string | undefined>(undefined);

  const activeKey =
    currentKey !== undefined && itemEntries.some((entry) => entry.key === currentKey)
      ? currentKey
      : itemEntries[0]?.key;

  useLayoutEffect(() => {
    const key = pendingFocus.current;
    if (key === undefined) return;
    const element = findRowElement(listRef.current, key);
    if (element) {
      pendingFocus.current = undefined;
      element.focus();
    }
  });

  function focusRow(key: string | undefined) {
    if (key === undefined) return;
    setCurrentKey(key);
    const element = findRowElement(listRef.current, key);
    if (element) {
      element.focus();
      return;
    }
    pendingFocus.current = key;
    scrollToIndex(entries.findIndex((entry) => entry.key === key));
  }

  /** The row the keyboard acts on: the one holding the focus, else the last one focused. */
  function focusedRowKey(): string | undefined {
    const active = document.activeElement;
    const row =
      active instanceof HTMLElement ? active.closest<HTMLElement>('[data-review-key]') : undefined;
    return row?.dataset.reviewKey ?? activeKey;
  }

  async function decide(entry: PendingReviewItem, action: () => Promise<ReviewResult>) {
    const hadFocus =
      findRowElement(listRef.current, entry.key)?.contains(document.activeElement) ?? false;
    const index = itemEntries.findIndex((candidate) => candidate.key === entry.key);
    const next = itemEntries[index + 1]?.key ?? itemEntries[index - 1]?.key;
    const result = await action();
    const leaving = leavesTheList(result);
    if (leaving && hadFocus) focusRow(next);
    return leaving;
  }

  async function confirmGroup(group: PendingTaskGroup) {
    const hadFocus = listRef.current?.contains(document.activeElement) === true;
    const at = groups.indexOf(group);
    const nextGroup = groups[at + 1] ?? groups[at - 1];
    const result = await actions.confirmAll(
      groupKey(group.taskId),
      group.changeSetIds,
      group.items.length,
    );
    // When every row of the task went, carry on with the next task's first row.
    if (hadFocus && result.failed.length === 0 && result.stale.length === 0)
      focusRow(nextGroup?.items[0]?.key);
  }

  const onDocumentKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isEditableTarget(event.target)) return;
    const list = listRef.current;
    const target = event.target instanceof Node ? event.target : null;
    // Only keys pressed on the page itself: not in a dialog or a toast elsewhere.
    const onPage =
      target === null ||
      target === document.body ||
      (list !== null && (list.contains(target) || target.contains(list)));
    if (!onPage) return;
    const key = focusedRowKey();
    const index = itemEntries.findIndex((entry) => entry.key === key);
    const rowHasFocus =
      document.activeElement instanceof HTMLElement &&
      document.activeElement.closest('[data-review-key]') !== null;
    switch (event.key) {
      case 'j':
        event.preventDefault();
        focusRow(rowHasFocus ? itemEntries[Math.min(index + 1, itemEntries.length - 1)]?.key : key);
        break;
      case 'k':
        event.preventDefault();
        focusRow(rowHasFocus ? itemEntries[Math.max(index - 1, 0)]?.key : key);
        break;
      case 'y':
      case 'n':
        // Handled by the focused row; from elsewhere, the first press finds the row.
        event.preventDefault();
        focusRow(key);
        break;
      case 'a': {
        const group = itemEntries[index]?.group;
        if (!group || !rowHasFocus) {
          focusRow(key);
          break;
        }
        event.preventDefault();
        void confirmGroup(group);
        break;
      }
      case 'u':
        event.preventDefault();
        void actions.undoLast();
        break;
      default:
        break;
    }
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onDocumentKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  function renderEntry(entry: InboxEntry) {
    switch (entry.type) {
      case 'group': {
        const { group } = entry;
        const bulk = actions.bulk.get(entry.key);
        const title = group.taskTitle || 'Untitled task';
        return (
          <div className="review-group__header">
            <h2 className="review-group__title">
              <Link to={`/tasks/${encodeURIComponent(group.taskId)}`}>{title}</Link>{' '}
              <span className="muted review-group__count">({group.items.length})</span>
            </h2>
            {group.items.length > 1 && (
              <Button
                className="review-group__confirm-all"
                aria-label={`Confirm all for ${title}`}
                disabled={bulk?.progress !== undefined}
                onClick={() => void confirmGroup(group)}
              >
                Confirm all
              </Button>
            )}
            {bulk && <BulkStatus state={bulk} onDismiss={() => actions.dismissBulk(entry.key)} />}
          </div>
        );
      }
      case 'item':
        return (
          <ReviewItemRow
            entry={entry.entry}
            busy={
              actions.busyKeys.has(entry.key) ||
              actions.bulk.get(groupKey(entry.group.taskId))?.progress !== undefined
            }
            notice={actions.notices.get(entry.key)}
            keyboardShortcuts
            tabIndex={entry.key === activeKey ? 0 : -1}
            onFocus={() => setCurrentKey(entry.key)}
            onConfirm={(item, options) => decide(item, () => actions.confirm(item, options))}
            onReject={(item) =>
              decide(item, () =>
                actions.reject(item, {
                  taskTitle: entry.group.taskTitle,
                  groupIndex: groups.indexOf(entry.group),
                }),
              )
            }
          />
        );
      case 'rejection':
        return (
          <RejectionReasonPanel
            rejection={entry.rejection}
            onDismiss={actions.dismissRejection}
            onUndo={(decisionId) => {
              actions.dismissRejection();
              void actions.undo([decisionId]);
            }}
          />
        );
    }
  }

  return (
    <div
      ref={listRef}
      className="review-inbox__list"
      style={{ paddingTop: range.paddingTop, paddingBottom: range.paddingBottom }}
    >
      {entries.slice(range.start, range.end + 1).map((entry) => (
        <div
          key={entry.key}
          ref={measureElement}
          data-virtual-key={entry.key}
          className={`review-inbox__entry review-inbox__entry--${entry.type}`}
        >
          {renderEntry(entry)}
        </div>
      ))}
    </div>
  );
}

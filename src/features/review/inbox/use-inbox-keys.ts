/**
 * The inbox's keys, pressed anywhere on the page but in a field or a dialog: j / k move
 * between rows, y / n / e from outside a row first find the row (the row handles them
 * itself once focused), a confirms all of the focused row's task, u undoes the last
 * decision here.
 */
import { useEffect, useEffectEvent } from 'react';
import { isEditableTarget } from '../row/row-elements';

export interface InboxKeys {
  list(): HTMLElement | null;
  /** The row a focus request is on its way to: keys pressed before it renders move on from there. */
  travellingTo(): number | undefined;
  /** The row that has the list's tab stop when the focus is elsewhere. */
  activeKey: string | undefined;
  /** Where the keys last moved to. */
  cursor(): number | undefined;
  count: number;
  indexOfKey(key: string | undefined): number | undefined;
  focusRow(index: number): void;
  confirmAllAt(index: number): void;
  undoLast(): void;
}

export function useInboxKeys(keys: InboxKeys) {
  const onDocumentKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isEditableTarget(event.target)) return;
    const list = keys.list();
    const target = event.target instanceof Node ? event.target : null;
    // Only keys pressed on the page itself: not in a dialog or a toast elsewhere.
    const onPage =
      target === null ||
      target === document.body ||
      (list !== null && (list.contains(target) || target.contains(list)));
    if (!onPage) return;
    const focusedKey =
      document.activeElement instanceof HTMLElement
        ? document.activeElement.closest<HTMLElement>('[data-review-key]')?.dataset.reviewKey
        : undefined;
    const travellingTo = keys.travellingTo();
    const focused = focusedKey !== undefined || travellingTo !== undefined;
    const index =
      travellingTo ?? keys.indexOfKey(focusedKey ?? keys.activeKey) ?? keys.cursor() ?? 0;
    switch (event.key) {
      case 'j':
        event.preventDefault();
        keys.focusRow(focused ? Math.min(index + 1, keys.count - 1) : index);
        break;
      case 'k':
        event.preventDefault();
        keys.focusRow(focused ? Math.max(index - 1, 0) : index);
        break;
      case 'y':
      case 'n':
      case 'e':
        // Handled by the focused row; from elsewhere, the first press finds the row.
        event.preventDefault();
        if (!focused) keys.focusRow(index);
        break;
      case 'a':
        event.preventDefault();
        if (focused) keys.confirmAllAt(index);
        else keys.focusRow(index);
        break;
      case 'u':
        event.preventDefault();
        keys.undoLast();
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
}

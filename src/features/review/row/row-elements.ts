/** Finding a list's rows in the page, and where the focus and the keys are. */

/** The rendered row of an item inside `container`, found by its key. */
export function findRowElement(container: ParentNode | null, key: string): HTMLElement | undefined {
  if (!container) return undefined;
  return [...container.querySelectorAll<HTMLElement>('[data-review-key]')].find(
    (element) => element.dataset.reviewKey === key,
  );
}

/**
 * Whether the focus is on a row (or in it), or in a sheet over the list: a row's edit sheet
 * is portalled to the body, and a decision made in it moves the focus on as one made in
 * the row does.
 */
export function rowHasFocus(row: HTMLElement | undefined): boolean {
  const active = document.activeElement;
  return (row?.contains(active) ?? false) || active?.closest('[aria-modal="true"]') != null;
}

export function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * The unsent "New entry" text of one task, mirrored to sessionStorage so a reload or a
 * crash of the tab does not lose what the person was typing. Storage may be unavailable
 * (private mode, quota): then the draft simply lives in memory.
 */
import { useCallback, useState } from 'react';

const storageKey = (taskId: string) => `countersign:entry-draft:${taskId}`;

function readDraft(taskId: string): string {
  try {
    return sessionStorage.getItem(storageKey(taskId)) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(taskId: string, text: string): void {
  try {
    if (text === '') sessionStorage.removeItem(storageKey(taskId));
    else sessionStorage.setItem(storageKey(taskId), text);
  } catch {
    // Not kept across reloads; the draft is still in memory.
  }
}

/** Call with a stable taskId; render a new form (`key={taskId}`) for another task. */
export function useEntryDraft(taskId: string) {
  const [draft, setDraft] = useState(() => readDraft(taskId));
  const draftChanged = useCallback(
    (text: string) => {
      setDraft(text);
      writeDraft(taskId, text);
    },
    [taskId],
  );
  const draftSent = useCallback(() => draftChanged(''), [draftChanged]);
  return { draft, draftChanged, draftSent };
}

import { useEffect, useRef, useState } from 'react';
import { userEdit } from '../../dispatcher/user-edit';
import type { JournalEntry } from '../../domain/journal-entry';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { EntryEditor } from './entry-editor';
import { formatTimestamp } from '../../lib/format-timestamp';
import { EditDeleteButtons } from '../../ui/edit-delete-buttons';

type Mode = 'view' | 'edit' | 'confirmDelete';

function focusWithin(container: HTMLElement | null, name: string) {
  container?.querySelector<HTMLElement>(`[data-focus="${name}"]`)?.focus();
}

/**
 * One entry: its time, its text (plain text, line breaks kept), and Edit / Delete.
 * Deleting asks first: it is a soft delete with no undelete tool behind it.
 */
export function EntryItem({ entry, onDeleted }: { entry: JournalEntry; onDeleted: () => void }) {
  const [mode, setMode] = useState<Mode>('view');
  const [deleteError, setDeleteError] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  // Button takes no ref, so focus targets are found by a data attribute inside the article.
  const articleRef = useRef<HTMLElement>(null);
  const previousMode = useRef<Mode>(mode);

  // Focus follows the mode: Keep it when asked to confirm, and back to Edit after an edit
  // or a cancelled delete (not on the first render).
  useEffect(() => {
    if (mode === 'confirmDelete') focusWithin(articleRef.current, 'keep');
    if (mode === 'view' && previousMode.current !== 'view') focusWithin(articleRef.current, 'edit');
    previousMode.current = mode;
  }, [mode]);

  // The text just saved, shown while the live row is still the one it replaced: without
  // it, the old text showed for a moment after Save.
  const [saved, setSaved] = useState<{ text: string; over: string }>();
  const pending = saved?.over === entry.updatedAt ? saved.text : undefined;

  const backToView = (savedEdit?: { text: string; over: string }) => {
    setDeleteError(undefined);
    if (savedEdit) setSaved(savedEdit);
    setMode('view');
  };

  async function confirmDelete() {
    if (deleting) return;
    setDeleting(true);
    const result = await userEdit(
      'delete_journal_entry',
      { id: entry.id },
      { taskId: entry.taskId },
    );
    setDeleting(false);
    if (!result.success) {
      setDeleteError(result.output);
      return;
    }
    onDeleted();
  }

  const when = formatTimestamp(entry.createdAt);
  const edited = pending !== undefined || entry.updatedAt !== entry.createdAt;

  return (
    <li className="journal__entry">
      <article ref={articleRef} aria-label={`Entry from ${when}`}>
        <p className="journal__meta muted">
          <time dateTime={entry.createdAt}>{when}</time>
          {edited && <span> · edited</span>}
        </p>
        {mode === 'edit' ? (
          <EntryEditor entry={entry} onDone={backToView} />
        ) : (
          <>
            <p className="journal__text">{pending ?? entry.text}</p>
            {mode === 'view' ? (
              <EditDeleteButtons
                subject={`entry from ${when}`}
                className="journal__actions journal__entry-actions"
                onEdit={() => setMode('edit')}
                onDelete={() => setMode('confirmDelete')}
              />
            ) : (
              <div className="journal__confirm stack" role="group" aria-label="Confirm deletion">
                <p>Delete this entry? This cannot be undone here.</p>
                {deleteError && <Notice tone="error">{deleteError}</Notice>}
                <div className="row journal__actions">
                  <Button variant="danger" onClick={() => void confirmDelete()}>
                    Delete entry
                  </Button>
                  <Button data-focus="keep" onClick={() => backToView()}>
                    Keep it
                  </Button>
                </div>
              </div>
            )}
          </>
        )}
      </article>
    </li>
  );
}

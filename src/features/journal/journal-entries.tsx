/**
 * The journal of one task, under its details on /tasks/:taskId: write a new entry, read
 * the entries newest first, edit or delete one. Renders nothing for a missing task.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useRef } from 'react';
import { getDatabase } from '../../db/connection';
import { listEntries, taskExists } from '../../db/queries/journal';
import { showToast } from '../../ui/toast-store';
import { EntryItem } from './entry-item';
import { NewEntryForm } from './new-entry-form';
import './journal.css';

export function JournalEntries({ taskId }: { taskId: string }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const journal = useLiveQuery(async () => {
    const db = getDatabase();
    if (!(await taskExists(db, taskId))) return { exists: false as const };
    return { exists: true as const, entries: await listEntries(db, taskId) };
  }, [taskId]);

  if (journal && !journal.exists) return null;

  // The deleted entry's buttons are gone with it; focus moves to the heading, not the page top.
  const entryDeleted = () => {
    headingRef.current?.focus();
    showToast({ message: 'Entry deleted.' });
  };

  return (
    <section className="journal card stack" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        Journal
      </h2>
      <NewEntryForm key={taskId} taskId={taskId} />
      {journal === undefined ? (
        <p className="muted" aria-busy="true">
          Loading entries…
        </p>
      ) : journal.entries.length === 0 ? (
        <div className="journal__empty">
          <h3>No entries yet</h3>
          <p className="muted">
            Write down progress, decisions and blockers; the agent reads them when it proposes
            changes.
          </p>
        </div>
      ) : (
        <ol className="journal__list" aria-label="Entries, newest first">
          {journal.entries.map((entry) => (
            <EntryItem key={entry.id} entry={entry} onDeleted={entryDeleted} />
          ))}
        </ol>
      )}
    </section>
  );
}

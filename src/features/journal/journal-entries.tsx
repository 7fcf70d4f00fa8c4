/**
 * The journal of one task, under its details on /tasks/:taskId: write a new entry, read
 * the entries newest first, edit or delete one. Renders nothing for a missing task.
 *
 * It reads and shows the newest 50 entries, and 50 more at each "Show older entries": a
 * task with years of entries opens, and takes a new one, as fast as a young task. The
 * button's place is taken by the "Older entries" heading of what it brought (never by an
 * entry's buttons), and focus goes to that heading, so reading goes on from there.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useRef, useState } from 'react';
import { getDatabase } from '../../db/connection';
import { listEntries, taskExists } from '../../db/queries/journal';
import type { JournalEntry } from '../../domain/journal-entry';
import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast-store';
import { EntryItem } from './entry-item';
import { NewEntryForm } from './new-entry-form';
import './journal.css';

export const ENTRIES_PER_PAGE = 50;

export function JournalEntries({ taskId }: { taskId: string }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Pages shown, for this task: another task starts at its newest page again.
  const [shown, setShown] = useState({ taskId, pages: 1 });
  const pages = shown.taskId === taskId ? shown.pages : 1;
  const journal = useLiveQuery(async () => {
    const db = getDatabase();
    if (!(await taskExists(db, taskId))) return { exists: false as const };
    return { exists: true as const, ...(await listEntries(db, taskId, pages * ENTRIES_PER_PAGE)) };
  }, [taskId, pages]);
  const olderHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusOlder = useRef(false);
  const pageCount = journal?.exists ? pageCountOf(journal.entries) : 0;

  // After "Show older entries": to the heading of what it brought, once it is there.
  useEffect(() => {
    if (!focusOlder.current || pageCount < pages) return;
    focusOlder.current = false;
    olderHeadingRef.current?.focus();
  }, [pageCount, pages]);

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
        <>
          {pagesOf(journal.entries).map((page, index) => (
            <EntryPage
              key={index}
              index={index}
              entries={page}
              onDeleted={entryDeleted}
              headingRef={index === pageCount - 1 ? olderHeadingRef : undefined}
            />
          ))}
          {journal.more && (
            <Button
              className="journal__show-older"
              onClick={() => {
                focusOlder.current = true;
                setShown({ taskId, pages: pages + 1 });
              }}
            >
              Show older entries
            </Button>
          )}
        </>
      )}
    </section>
  );
}

/** One page of entries; after the first, under its "Older entries" heading. */
function EntryPage({
  index,
  entries,
  onDeleted,
  headingRef,
}: {
  index: number;
  entries: JournalEntry[];
  onDeleted: () => void;
  headingRef: React.Ref<HTMLHeadingElement> | undefined;
}) {
  const first = index * ENTRIES_PER_PAGE + 1;
  const label =
    index === 0
      ? 'Entries, newest first'
      : `Older entries, ${first} to ${first + entries.length - 1}`;
  return (
    <>
      {index > 0 && (
        <h3 className="journal__older" tabIndex={-1} ref={headingRef}>
          Older entries
        </h3>
      )}
      <ol className="journal__list" aria-label={label}>
        {entries.map((entry) => (
          <EntryItem key={entry.id} entry={entry} onDeleted={onDeleted} />
        ))}
      </ol>
    </>
  );
}

const pageCountOf = (entries: readonly JournalEntry[]) =>
  Math.ceil(entries.length / ENTRIES_PER_PAGE);

function pagesOf(entries: JournalEntry[]): JournalEntry[][] {
  return Array.from({ length: pageCountOf(entries) }, (_, page) =>
    entries.slice(page * ENTRIES_PER_PAGE, (page + 1) * ENTRIES_PER_PAGE),
  );
}

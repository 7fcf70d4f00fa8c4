/**
 * `/activity`: the audit trail, newest first, filterable by task, kind and source. The
 * trail can hold hundreds of thousands of messages, so the page reads the newest
 * hundred through an index and reads further back only when asked ("Load older").
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { getDatabase } from '../../db/connection';
import {
  hasAuditMessages,
  listAuditPage,
  listTaskNames,
  type AuditPage,
  type TaskName,
} from '../../db/queries/activity-audit';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ActivityFilterBar } from './activity-filter-bar';
import { NO_FILTERS, auditFilterKey, hasActiveFilters, toAuditFilter } from './activity-filters';
import { ActivityList } from './activity-list';
import { activityItems } from './fold-activity';
import { useActivityFilters } from './use-activity-filters';
import './activity.css';
import { countOf } from '../../lib/count-of';

const PAGE_SIZE = 100;
const NO_TASKS: ReadonlyMap<string, TaskName> = new Map();
const NO_DEVICES: readonly { id: string; name: string }[] = [];

export function ActivityPage() {
  const [filters, setFilters] = useActivityFilters();
  // A period counts back from when it was chosen, not from each render.
  const auditFilter = useMemo(() => toAuditFilter(filters, new Date()), [filters]);
  const filterKey = auditFilterKey(auditFilter);
  // "Load older" widens the window; other filters start again from the newest page.
  const [shown, setShown] = useState({ filterKey, limit: PAGE_SIZE });
  const limit = shown.filterKey === filterKey ? shown.limit : PAGE_SIZE;

  const anyActivity = useLiveQuery(() => hasAuditMessages(getDatabase()), []);
  const taskNames = useLiveQuery(() => listTaskNames(getDatabase()), []);
  const page = useLiveQuery(
    () => listAuditPage(getDatabase(), auditFilter, limit),
    [auditFilter, limit],
  );
  // A live query keeps its last result while the next one runs: a page read for other
  // filters is not shown as if it matched these.
  const current = page && auditFilterKey(page.filter) === filterKey ? page : undefined;
  const items = useMemo(() => (current ? activityItems(current) : []), [current]);
  const loadingOlder = current !== undefined && current.limit < limit;

  const listRef = useRef<HTMLDivElement>(null);
  const focusEntryAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    // After "Load older", focus the first newly shown entry, not the top of the page.
    const index = focusEntryAt.current;
    if (index === undefined || loadingOlder || items.length <= index) return;
    focusEntryAt.current = undefined;
    listRef.current?.querySelector<HTMLElement>(`[data-entry-index="${index}"]`)?.focus();
  }, [items, loadingOlder]);

  const loadOlder = () => {
    if (loadingOlder) return;
    focusEntryAt.current = items.length;
    setShown({ filterKey, limit: limit + PAGE_SIZE });
  };

  const heading = (
    <header className="activity-page__header">
      <h1 id="activity-heading">Activity</h1>
      <p className="muted">
        Every change to your journal, newest first: yours, and what the agent proposed.
      </p>
    </header>
  );
  const loading = (
    <p className="muted" role="status" aria-busy="true">
      Loading…
    </p>
  );

  if (anyActivity === undefined) {
    return (
      <section aria-labelledby="activity-heading" className="activity-page stack">
        {heading}
        {loading}
      </section>
    );
  }
  if (!anyActivity) {
    return (
      <section aria-labelledby="activity-heading" className="activity-page stack">
        {heading}
        <EmptyState title="No activity yet">
          <p>Every change to your journal, by you or the agent, will be listed here.</p>
        </EmptyState>
      </section>
    );
  }

  const filtered = hasActiveFilters(filters);
  const olderButton = current?.hasMore ? (
    <Button onClick={loadOlder} aria-busy={loadingOlder}>
      {loadingOlder ? 'Loading…' : current.searched ? 'Search older' : 'Load older'}
    </Button>
  ) : undefined;
  return (
    <section aria-labelledby="activity-heading" className="activity-page stack">
      {heading}
      <ActivityFilterBar
        filters={filters}
        onChange={setFilters}
        tasks={taskNames ?? []}
        knownTasks={current?.tasks ?? NO_TASKS}
        devices={current?.devices.devices ?? NO_DEVICES}
      />
      {current === undefined ? (
        loading
      ) : items.length === 0 ? (
        current.searched ? (
          <EmptyState
            title={`Nothing matches in the newest ${current.searched.messages.toLocaleString()} messages`}
          >
            <p>Older messages have not been searched yet.</p>
            <div className="activity-page__empty-actions">
              {olderButton}
              <Button onClick={() => setFilters(NO_FILTERS)}>Clear filters</Button>
            </div>
          </EmptyState>
        ) : (
          <EmptyState title={filtered ? 'Nothing matches these filters' : 'No activity yet'}>
            {filtered && (
              <>
                <p>Try another task, kind, source, device or period.</p>
                <Button onClick={() => setFilters(NO_FILTERS)}>Clear filters</Button>
              </>
            )}
          </EmptyState>
        )
      ) : (
        <>
          <p className="muted activity-page__count" role="status">
            {describeCount(items.length, current)}
          </p>
          <div ref={listRef}>
            <ActivityList
              items={items}
              tasks={current.tasks}
              proposals={current.proposals}
              devices={current.devices}
              synced={current.synced}
            />
          </div>
          <div className="activity-page__more">
            {olderButton ?? <p className="muted">No older activity.</p>}
          </div>
        </>
      )}
    </section>
  );
}

function describeCount(shown: number, page: AuditPage): string {
  const entries = countOf(shown, 'entry', 'entries');
  if (page.searched)
    return `Showing ${entries} found in the newest ${page.searched.messages.toLocaleString()} messages`;
  return page.hasMore ? `Showing the newest ${entries}` : `Showing all ${entries}`;
}

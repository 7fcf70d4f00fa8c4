import { useId, useState, type ReactNode } from 'react';
import type { TaskName } from '../../db/queries/activity-audit';
import type { ProposalFate } from '../../db/queries/activity-proposal-fates';
import type { Badge } from './describe-entry';
import { ActivityBadges } from './activity-badge';
import { ActivityEntryCard } from './activity-entry-card';
import { ActivityTime } from './activity-time';
import { describeEntry } from './describe-entry';
import { DisclosureButton } from '../../ui/disclosure-button';
import type { ActivityEntry } from './group-activity';

export interface FoldedEntriesCardProps {
  title: ReactNode;
  badges: readonly Badge[];
  /** The entries folded into the card, newest first. */
  entries: readonly ActivityEntry[];
  tasks: ReadonlyMap<string, TaskName>;
  proposals: ReadonlyMap<string, readonly ProposalFate[]>;
  /** The name of the device each synced entry came from. */
  syncedFrom(entry: ActivityEntry): string;
  /** The name of the device whose agent proposed a decided item, when not this one. */
  proposerName(deviceId: string): string | undefined;
  index: number;
  /** What the button that opens the entries says, closed. */
  showLabel: string;
}

/**
 * Several operations shown as one: a Confirm all, or synced batches that changed nothing.
 * Closed, a heading and what came of them; its button opens each, oldest first.
 */
export function FoldedEntriesCard(props: FoldedEntriesCardProps) {
  const { title, badges, entries, tasks, proposals, syncedFrom, proposerName, index, showLabel } =
    props;
  const headingId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const oldestFirst = [...entries].reverse();
  return (
    <article
      className="card activity-entry__card activity-folded"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-entry-index={index}
    >
      <div className="activity-entry__top">
        <h3 id={headingId} className="activity-entry__summary">
          {title}
        </h3>
        <ActivityTime at={entries[0]!.at} />
      </div>
      <div className="activity-entry__status">
        <ActivityBadges badges={badges} />
        <DisclosureButton
          className="activity-wake__toggle"
          open={open}
          controls={listId}
          onToggle={() => setOpen((shown) => !shown)}
        >
          {open ? 'Hide' : showLabel}
        </DisclosureButton>
      </div>
      <ol id={listId} className="activity-wake__steps" hidden={!open}>
        {oldestFirst.map((entry) => (
          <li key={entry.key}>
            <ActivityEntryCard
              entry={entry}
              words={describeEntry(entry, proposals, syncedFrom(entry), proposerName)}
              tasks={tasks}
              inWake
            />
          </li>
        ))}
      </ol>
    </article>
  );
}

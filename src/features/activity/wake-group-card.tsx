import { useId, useState } from 'react';
import type { TaskName } from '../../db/queries/activity-audit';
import type { ProposalFate } from '../../db/queries/activity-proposal-fates';
import { countOf } from '../../lib/count-of';
import { ActivityBadges } from './activity-badge';
import { ActivityEntryCard, TaskLink } from './activity-entry-card';
import { describeEntry, describeWake, isWakeEnding } from './describe-entry';
import { ActivityTime } from './activity-time';
import { DisclosureButton } from '../../ui/disclosure-button';
import type { WakeGroup } from './group-activity';

export interface WakeGroupCardProps {
  wake: WakeGroup;
  tasks: ReadonlyMap<string, TaskName>;
  proposals: ReadonlyMap<string, readonly ProposalFate[]>;
  /** Position in the list, so "Load older" can move focus to the first new entry. */
  index: number;
}

/**
 * One wake of the agent: when, on which task (the heading links to it), and what it did,
 * counted ("5 Proposed", "1 Applied", "2 Noted"), and how it ended when not with the
 * agent's report (failed, cancelled, out of turns). Closed, it is that heading and those
 * counts; its own button opens the steps, in the order the wake took them.
 */
export function WakeGroupCard({ wake, tasks, proposals, index }: WakeGroupCardProps) {
  const headingId = useId();
  const stepsId = useId();
  const [open, setOpen] = useState(false);
  const described = wake.entries.map((entry) => ({
    entry,
    words: describeEntry(entry, proposals),
  }));
  // How it ended, when not with the agent's report: said on the card, not as a step, so a
  // failure is read without opening the steps. Its badge ("1 Failed") counts with theirs.
  const ending = described.findLast(({ entry }) => isWakeEnding(entry.note));
  const steps = described.filter((step) => step !== ending);
  return (
    <article
      className="card activity-entry__card activity-wake"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-entry-index={index}
    >
      <div className="activity-entry__top">
        <h3 id={headingId} className="activity-entry__summary">
          Agent wake: <TaskLink taskId={wake.taskId} tasks={tasks} />
        </h3>
        <ActivityTime at={wake.startedAt} />
      </div>
      {ending && (
        <p
          className={`activity-entry__output${ending.entry.note!.outcome === 'failure' ? ' activity-wake__ending--failed' : ''}`}
        >
          {ending.entry.note!.summary}
        </p>
      )}
      <div className="activity-entry__status">
        <ActivityBadges badges={describeWake(described.map((step) => step.words))} />
        {steps.length > 0 && (
          <DisclosureButton
            className="activity-wake__toggle"
            open={open}
            controls={stepsId}
            onToggle={() => setOpen((shown) => !shown)}
          >
            {open ? 'Hide steps' : `Show ${countOf(steps.length, 'step')}`}
          </DisclosureButton>
        )}
      </div>
      {steps.length > 0 && (
        <ol id={stepsId} className="activity-wake__steps" aria-label="Steps" hidden={!open}>
          {steps.map(({ entry, words }) => (
            <li key={entry.key}>
              <ActivityEntryCard entry={entry} words={words} tasks={tasks} inWake />
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}

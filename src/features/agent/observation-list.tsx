/** What the agent noticed about the task, newest first, its priority in words. */
import { useState } from 'react';
import type { Observation } from '../../domain/agent';
import { Button } from '../../ui/button';
import { countOf } from '../../lib/count-of';

const PRIORITY_WORDS: Record<Observation['priority'], string> = {
  high: 'High priority',
  normal: 'Normal priority',
  low: 'Low priority',
};

const SHOWN_AT_FIRST = 5;

export function ObservationList({ observations }: { observations: Observation[] }) {
  const [showAll, setShowAll] = useState(false);
  if (observations.length === 0) return null;
  const shown = showAll ? observations : observations.slice(0, SHOWN_AT_FIRST);
  const hidden = observations.length - shown.length;
  return (
    <div className="agent-observations stack">
      <h3>Observations</h3>
      <ul className="agent-observations__list" aria-label="Observations, newest first">
        {shown.map((observation) => (
          <li
            key={observation.id}
            className={`agent-observation agent-observation--${observation.priority}`}
          >
            <p className="agent-observation__meta">
              <span className="chip agent-observation__priority">
                {PRIORITY_WORDS[observation.priority]}
              </span>
              {observation.category && (
                <span className="muted agent-observation__category">{observation.category}</span>
              )}
            </p>
            <p className="agent-observation__text">{observation.text}</p>
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <Button
          variant="quiet"
          className="agent-observations__more"
          onClick={() => setShowAll(true)}
        >
          Show {countOf(hidden, 'older observation')}
        </Button>
      )}
    </div>
  );
}

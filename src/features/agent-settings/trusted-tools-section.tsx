/**
 * Settings › Trusted tools: for each kind of change the agent can only propose, whether
 * it waits for the person ("Ask me", the default) or is applied at once ("Apply without
 * asking"). Which tools are offered, and under what name, each tool says itself
 * (`review.trustedAs`). Journal data: the choice syncs to every device and agent device.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useRef, useState } from 'react';
import { readTrustedTools } from '../../db/agent-settings';
import { saveTrustedTools } from '../../dispatcher/agent-choices';
import { getDatabase } from '../../db/connection';
import { trustableTools } from '../../tools/registry';
import { Notice } from '../../ui/notice';
import './agent-settings.css';

function ToolChoice({
  toolName,
  name,
  trusted,
  onChange,
}: {
  toolName: string;
  name: string;
  trusted: boolean;
  onChange(trusted: boolean): void;
}) {
  const id = useId();
  return (
    <fieldset className="trusted-tool">
      <legend className="trusted-tool__name">{name}</legend>
      <div className="trusted-tool__options">
        <label className="trusted-tool__option" htmlFor={`${id}-ask`}>
          <input
            id={`${id}-ask`}
            type="radio"
            name={`${id}-${toolName}`}
            checked={!trusted}
            onChange={() => onChange(false)}
          />
          Ask me
        </label>
        <label className="trusted-tool__option" htmlFor={`${id}-trust`}>
          <input
            id={`${id}-trust`}
            type="radio"
            name={`${id}-${toolName}`}
            checked={trusted}
            onChange={() => onChange(true)}
          />
          Apply without asking
        </label>
      </div>
    </fieldset>
  );
}

export function TrustedToolsSection() {
  const headingId = useId();
  const trusted = useLiveQuery(() => readTrustedTools(getDatabase()), []);
  const [error, setError] = useState<string>();
  // Choices are saved one after another, each on the stored list as it is by then, so two
  // quick taps never overwrite each other.
  const queue = useRef<Promise<void>>(Promise.resolve());

  function choose(toolName: string, trust: boolean) {
    setError(undefined);
    queue.current = queue.current.then(async () => {
      try {
        const db = getDatabase();
        const current = await readTrustedTools(db);
        await saveTrustedTools(
          db,
          trust ? [...current, toolName] : current.filter((name) => name !== toolName),
        );
      } catch (cause) {
        setError(
          `The choice was not saved: ${cause instanceof Error ? cause.message : String(cause)}`,
        );
      }
    });
  }

  return (
    <section
      id="trusted-tools"
      className="card stack settings__section trusted-tools"
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>Trusted tools</h2>
      <p className="muted trusted-tools__intro">
        The agent proposes these changes and waits for you to confirm them. Choose “Apply without
        asking” for the kinds you trust: the agent’s changes of that kind are then applied at once.
        They still appear in each task’s review history, marked “rule”, and you can undo them there.
      </p>
      {trusted === undefined ? (
        <p className="muted">Loading…</p>
      ) : (
        <div className="trusted-tools__list">
          {trustableTools().map((tool) => (
            <ToolChoice
              key={tool.toolName}
              toolName={tool.toolName}
              name={tool.name}
              trusted={trusted.includes(tool.toolName)}
              onChange={(trust) => choose(tool.toolName, trust)}
            />
          ))}
        </div>
      )}
      {error && <Notice tone="error">{error}</Notice>}
    </section>
  );
}

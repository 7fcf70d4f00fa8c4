/** The opt-in for automatic wakes (off by default): saved as soon as it is ticked. */
import { useId, useState } from 'react';
import { saveAutoWake } from '../../db/agent-settings';
import { getDatabase } from '../../db/connection';
import { AUTO_WAKE_DEBOUNCE_MS } from '../../agent/auto-wake-rules';
import { SaveStatus, type SaveOutcome } from './save-status';

export function AutoWakeSetting({ enabled }: { enabled: boolean }) {
  const headingId = useId();
  const hintId = useId();
  const [status, setStatus] = useState<SaveOutcome>();

  const change = async (next: boolean) => {
    try {
      await saveAutoWake(getDatabase(), next);
      setStatus({
        ok: true,
        message: next ? 'Saved: automatic wakes are on.' : 'Saved: automatic wakes are off.',
      });
    } catch (error) {
      setStatus({
        ok: false,
        message: `Not saved: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  };

  return (
    <div className="agent-settings__group" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>Automatic wakes</h3>
      <label className="check-option">
        <input
          type="checkbox"
          checked={enabled}
          aria-describedby={hintId}
          onChange={(event) => void change(event.target.checked)}
        />
        <span>Wake the agent after I edit a task</span>
      </label>
      <p id={hintId} className="muted agent-settings__note">
        Off unless you turn it on. The agent wakes {AUTO_WAKE_DEBOUNCE_MS / 1_000} seconds after you
        stop editing a task it may act on while the task is open, and never because of its own
        changes.
      </p>
      <SaveStatus status={status} />
    </div>
  );
}

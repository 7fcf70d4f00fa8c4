/**
 * The person's schedule for the agent ("review my open tasks every day at 7"): journal
 * data that syncs, with the person's time zone stored with it, so an agent device
 * anywhere fires at their 7:00. An agent device runs it (npm run agent-device); an open
 * tab does not.
 */
import { useId, useState, type FormEvent } from 'react';
import { getDatabase } from '../../db/connection';
import { saveSchedule } from '../../dispatcher/agent-choices';
import { deviceTimeZone, type AgentSchedule } from '../../domain/agent-schedule';
import { Button } from '../../ui/button';
import { SaveStatus, type SaveOutcome } from './save-status';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function ScheduleSetting({ saved }: { saved: AgentSchedule | undefined }) {
  const headingId = useId();
  const timeId = useId();
  const hintId = useId();
  const zone = deviceTimeZone();
  const [enabled, setEnabled] = useState(saved?.enabled ?? false);
  const [time, setTime] = useState(saved?.time ?? '07:00');
  const [status, setStatus] = useState<SaveOutcome>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (enabled && !TIME.test(time)) {
      setStatus({ ok: false, message: 'Enter a time of day, for example 07:00.' });
      return;
    }
    setSaving(true);
    try {
      await saveSchedule(getDatabase(), {
        enabled,
        time: TIME.test(time) ? time : (saved?.time ?? '07:00'),
        timeZone: zone,
        since: new Date().toISOString(),
      });
      setStatus({
        ok: true,
        message: enabled
          ? `Saved: the agent reviews your open tasks every day at ${time} (${zone}).`
          : 'Saved: no scheduled review.',
      });
    } catch (error) {
      setStatus({
        ok: false,
        message: `Not saved: ${error instanceof Error ? error.message : String(error)} Try again.`,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="agent-settings__group"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id={headingId}>Scheduled review</h3>
      {!saved?.enabled && (
        <p className="muted agent-settings__note">
          No scheduled review yet. An agent device can review your open tasks once a day, at a time
          you choose, while your tablets are closed.
        </p>
      )}
      <label className="check-option">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(event) => {
            setEnabled(event.target.checked);
            setStatus(undefined);
          }}
        />
        <span>Review my open tasks every day</span>
      </label>
      <div className="field">
        <label className="field__label" htmlFor={timeId}>
          At (your time)
        </label>
        <input
          id={timeId}
          className="field__control schedule-setting__time"
          type="time"
          required={enabled}
          disabled={!enabled}
          value={time}
          aria-describedby={hintId}
          aria-invalid={status?.ok === false ? true : undefined}
          onChange={(event) => {
            setTime(event.target.value);
            setStatus(undefined);
          }}
        />
      </div>
      <p id={hintId} className="muted agent-settings__note">
        {saved && saved.timeZone !== zone
          ? `Saved for ${saved.timeZone}; this device is in ${zone}, which saving again uses.`
          : `In your time zone, ${zone}, wherever the agent device runs.`}{' '}
        It wakes the open tasks in the categories above, one at a time. It runs on an agent device
        (see the README, “Agent device”); an open tab does not run it.
      </p>
      <div>
        <Button type="submit" disabled={saving}>
          Save schedule
        </Button>
      </div>
      <SaveStatus status={status} />
    </form>
  );
}

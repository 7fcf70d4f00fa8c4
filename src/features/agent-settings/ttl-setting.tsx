/** How long proposals wait for review before they expire: saved on Enter or when leaving the field. */
import { useRef, useState } from 'react';
import { saveTtlDays } from '../../db/agent-settings';
import { getDatabase } from '../../db/connection';
import { Field } from '../../ui/field';
import { countOf } from '../../lib/count-of';

const MIN_DAYS = 1;
const MAX_DAYS = 365;
const RANGE = `Enter a whole number of days from ${MIN_DAYS} to ${MAX_DAYS}, for example 7.`;

function parseTtlDays(text: string): { ok: true; days: number } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false, error: RANGE };
  const days = Number(trimmed);
  return days >= MIN_DAYS && days <= MAX_DAYS ? { ok: true, days } : { ok: false, error: RANGE };
}

export function TtlSetting({ saved }: { saved: number }) {
  const [draft, setDraft] = useState(String(saved));
  const [lastSaved, setLastSaved] = useState(saved);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  const commit = async () => {
    const parsed = inputRef.current?.validity.badInput
      ? { ok: false as const, error: RANGE }
      : parseTtlDays(draft);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    setDraft(String(parsed.days));
    if (parsed.days === lastSaved) return;
    try {
      await saveTtlDays(getDatabase(), parsed.days);
      setLastSaved(parsed.days);
      setStatus(`Saved: proposals expire after ${countOf(parsed.days, 'day')}.`);
    } catch (saveError) {
      setError(`Not saved: ${saveError instanceof Error ? saveError.message : String(saveError)}`);
    }
  };

  return (
    <div className="agent-settings__group stack agent-ttl">
      <h3>Proposal expiry</h3>
      <Field
        label="Proposals expire after (days)"
        error={error}
        hint="Proposals you have not reviewed by then expire: they are not applied, and the agent hears they were not reviewed."
      >
        <input
          ref={inputRef}
          type="number"
          inputMode="numeric"
          min={MIN_DAYS}
          max={MAX_DAYS}
          step={1}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setStatus('');
            if (error) setError(undefined);
          }}
          onBlur={() => void commit()}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void commit();
            }
          }}
        />
      </Field>
      <p className="agent-settings__status" role="status">
        {status}
      </p>
    </div>
  );
}

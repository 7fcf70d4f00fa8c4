/** How long proposals wait for review before they expire: saved on Enter or when leaving the field. */
import { useState } from 'react';
import { saveTtlDays } from '../../dispatcher/agent-choices';
import { getDatabase } from '../../db/connection';
import { countOf } from '../../lib/count-of';
import { InlineField, type ParseResult } from '../../ui/inline-field';

const MIN_DAYS = 1;
const MAX_DAYS = 365;
const RANGE = `Enter a whole number of days from ${MIN_DAYS} to ${MAX_DAYS}, for example 7.`;

function parseTtlDays(text: string, badInput: boolean): ParseResult<number> {
  const trimmed = text.trim();
  if (badInput || !/^\d+$/.test(trimmed)) return { ok: false, error: RANGE };
  const days = Number(trimmed);
  return days >= MIN_DAYS && days <= MAX_DAYS
    ? { ok: true, value: days, text: String(days) }
    : { ok: false, error: RANGE };
}

export function TtlSetting({ saved }: { saved: number }) {
  const [status, setStatus] = useState('');

  async function save(days: number) {
    try {
      await saveTtlDays(getDatabase(), days);
      setStatus(`Saved: proposals expire after ${countOf(days, 'day')}.`);
      return { success: true, output: '' };
    } catch (saveError) {
      setStatus('');
      const reason = saveError instanceof Error ? saveError.message : String(saveError);
      return { success: false, output: `Not saved: ${reason}` };
    }
  }

  return (
    <div className="agent-settings__group stack agent-ttl">
      <h3>Proposal expiry</h3>
      <InlineField
        label="Proposals expire after (days)"
        value={String(saved)}
        parse={parseTtlDays}
        save={save}
        hint="Proposals you have not reviewed by then expire: they are not applied, and the agent hears they were not reviewed."
        inputProps={{
          type: 'number',
          inputMode: 'numeric',
          min: MIN_DAYS,
          max: MAX_DAYS,
          step: 1,
          onInput: () => setStatus(''),
        }}
      />
      <p className="agent-settings__status" role="status">
        {status}
      </p>
    </div>
  );
}

/** A password input with Show/Hide, and the promise of where the key is kept. */
import { useId, useState, type Ref } from 'react';
import { Button } from '../../ui/button';

const API_KEY_PROMISE =
  'Your API key is stored encrypted in this browser on this device only. It is never exported or synced.';

export interface ApiKeyFieldProps {
  label: string;
  value: string;
  required: boolean;
  error: string | undefined;
  onChange(value: string): void;
  ref?: Ref<HTMLInputElement>;
}

export function ApiKeyField({ label, value, required, error, onChange, ref }: ApiKeyFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const describedBy = [error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="field agent-key">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="agent-key__row">
        <input
          ref={ref}
          id={id}
          className="field__control"
          type={visible ? 'text' : 'password'}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required={required}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        <Button
          className="agent-key__toggle"
          aria-label={visible ? 'Hide API key' : 'Show API key'}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </Button>
      </div>
      <span id={`${id}-hint`} className="field__hint">
        {API_KEY_PROMISE}
      </span>
      {error && (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

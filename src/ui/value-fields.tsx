/**
 * Controlled fields with no domain knowledge: the caller passes the value, a change
 * handler and the message to show (an invalid value is refused at the field, with words).
 * The task page and the review's edit sheet both build on them.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './field';
import { Options } from './options';

interface ValueFieldProps<V> {
  label: ReactNode;
  value: V;
  onChange(value: V): void;
  /** Why the value is refused, shown under the field and read with it. */
  error?: string | undefined;
  hint?: ReactNode;
}

/** A text, number or date input. */
export function TextValueField({
  inputProps,
  ...props
}: ValueFieldProps<string> & { inputProps?: InputHTMLAttributes<HTMLInputElement> }) {
  return (
    <Field label={props.label} error={props.error} hint={props.hint}>
      <input
        autoComplete="off"
        {...inputProps}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </Field>
  );
}

/** A select of string values, each with the words people read. */
export function SelectValueField<V extends string>({
  options,
  label,
  value,
  onChange,
  error,
  hint,
}: ValueFieldProps<V> & { options: readonly { value: V; label: string }[] }) {
  return (
    <Field label={label} error={error} hint={hint}>
      <select
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        <Options
          items={options}
          value={(option) => option.value}
          label={(option) => option.label}
        />
      </select>
    </Field>
  );
}

/** A checkbox with its label beside it. */
export function CheckboxValueField({ label, value, onChange, error }: ValueFieldProps<boolean>) {
  return (
    <div className="field">
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={value}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        {label}
      </label>
      {error && (
        <span className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

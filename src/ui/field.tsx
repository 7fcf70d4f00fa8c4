import { useId, type ReactElement, type ReactNode, cloneElement } from 'react';

export interface FieldProps {
  label: ReactNode;
  /** The control: an input, select or textarea. It receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

/** A visible label, the control, and a message the screen reader reads with it. */
export function Field({ label, children, error, hint, className }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy =
    [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const existingClass =
    typeof children.props.className === 'string' ? children.props.className : '';
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, {
        id,
        className: ['field__control', existingClass].filter(Boolean).join(' '),
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={messageId} className="field__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

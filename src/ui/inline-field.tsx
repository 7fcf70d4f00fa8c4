import { useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Field } from './field';
import { useDraft } from './use-draft';

/** What a save said: done, or why not in words (a dispatch result is one). */
export interface SaveResult {
  success: boolean;
  output: string;
}

export type ParseResult<T> =
  | { ok: true; value: T; /** The value as the field shows it once saved. */ text: string }
  | { ok: false; error: string };

export interface InlineFieldProps<T> {
  label: ReactNode;
  /** The saved value, as text. */
  value: string;
  /**
   * Validates what was typed. `badInput` is the browser saying it could not read the
   * text at all (a half-typed date, letters in a number field): refuse rather than clear.
   */
  parse(text: string, badInput: boolean): ParseResult<T>;
  save(value: T): Promise<SaveResult>;
  hint?: ReactNode;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  className?: string;
}

/**
 * An input that saves itself on blur or Enter, and Escape puts back the saved value.
 * Domain-free: the caller passes the value, how to read what was typed, and how to save.
 * Invalid text is refused here with a message and never dispatched; a dispatch that
 * fails shows its reason and keeps the text, so the person can fix it.
 */
export function InlineField<T>({
  label,
  value,
  parse,
  save,
  hint,
  inputProps,
  className,
}: InlineFieldProps<T>) {
  const { draft, setDraft, reset } = useDraft(value);
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  // Enter then blur would save twice; remember what is on its way.
  const saving = useRef<string | undefined>(undefined);

  async function commit() {
    const parsed = parse(draft, inputRef.current?.validity.badInput ?? false);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    if (parsed.text === value) {
      reset();
      return;
    }
    if (parsed.text === saving.current) {
      setDraft(parsed.text);
      return;
    }
    saving.current = parsed.text;
    setDraft(parsed.text);
    const result = await save(parsed.value);
    saving.current = undefined;
    if (!result.success) setError(result.output);
  }

  return (
    <Field label={label} error={error} hint={hint} className={className}>
      <input
        {...inputProps}
        ref={inputRef}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          if (error) setError(undefined);
        }}
        onBlur={() => void commit()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void commit();
          } else if (event.key === 'Escape') {
            reset();
            setError(undefined);
          }
        }}
      />
    </Field>
  );
}

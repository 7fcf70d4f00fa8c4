import { useEffect, useRef, useState, type FormEvent } from 'react';
import { userEdit } from '../../dispatcher/user-edit';
import { journalEntryTextSchema, type JournalEntry } from '../../domain/journal-entry';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { fieldError } from '../../lib/field-error';
import { isSubmitShortcut } from './is-submit-shortcut';

/**
 * Inline editing of one entry. Escape cancels; a failed save keeps the edited text. A save
 * hands its text to `onDone`, so the row can show it before its live query reads it back.
 */
export function EntryEditor({
  entry,
  onDone,
}: {
  entry: JournalEntry;
  /** After a save: the text saved, and the row's updatedAt it replaced. */
  onDone: (saved?: { text: string; over: string }) => void;
}) {
  const [text, setText] = useState(entry.text);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const textarea = textareaRef.current;
    textarea?.focus();
    textarea?.setSelectionRange(textarea.value.length, textarea.value.length);
  }, []);

  async function save() {
    if (saving) return;
    const invalid = fieldError(journalEntryTextSchema, text);
    if (invalid) {
      setError(invalid);
      textareaRef.current?.focus();
      return;
    }
    setSaving(true);
    const over = entry.updatedAt;
    const result = await userEdit(
      'update_journal_entry',
      { id: entry.id, text },
      { taskId: entry.taskId },
    );
    setSaving(false);
    if (!result.success) {
      setError(result.output);
      return;
    }
    onDone({ text, over });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void save();
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <Field label="Edit entry" error={error}>
        <textarea
          ref={textareaRef}
          rows={Math.min(12, Math.max(4, text.split('\n').length + 1))}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              onDone();
            } else if (isSubmitShortcut(event)) {
              event.preventDefault();
              void save();
            }
          }}
        />
      </Field>
      <div className="row journal__actions">
        <Button type="submit" variant="primary" aria-disabled={saving || undefined}>
          Save
        </Button>
        <Button onClick={() => onDone()}>Cancel</Button>
      </div>
    </form>
  );
}

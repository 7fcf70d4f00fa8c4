import { useRef, useState, type FormEvent } from 'react';
import { userEdit } from '../../dispatcher/user-edit';
import { journalEntryTextSchema } from '../../domain/journal-entry';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { fieldError } from '../../lib/field-error';
import { isSubmitShortcut } from './is-submit-shortcut';
import { useEntryDraft } from './use-entry-draft';

/** The "New entry" field. The draft is kept until the entry is saved, even if saving fails. */
export function NewEntryForm({ taskId }: { taskId: string }) {
  const { draft, draftChanged, draftSent } = useEntryDraft(taskId);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  async function submit() {
    if (saving) return;
    const invalid = fieldError(journalEntryTextSchema, draft);
    if (invalid) {
      setError(invalid);
      textareaRef.current?.focus();
      return;
    }
    setSaving(true);
    const result = await userEdit('add_journal_entry', { text: draft }, { taskId });
    setSaving(false);
    if (!result.success) {
      setError(result.output);
      return;
    }
    setError(undefined);
    draftSent();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  return (
    <form className="journal__new stack" onSubmit={onSubmit} noValidate>
      <Field
        label="New entry"
        error={error}
        hint="What happened, what you decided, what is in the way. Ctrl+Enter (⌘+Enter) adds it."
      >
        <textarea
          ref={textareaRef}
          rows={4}
          value={draft}
          onChange={(event) => {
            draftChanged(event.target.value);
            if (error) setError(undefined);
          }}
          onKeyDown={(event) => {
            if (!isSubmitShortcut(event)) return;
            event.preventDefault();
            void submit();
          }}
        />
      </Field>
      <div className="row journal__actions">
        <Button type="submit" variant="primary" aria-disabled={saving || undefined}>
          {saving ? 'Adding…' : 'Add entry'}
        </Button>
      </div>
    </form>
  );
}

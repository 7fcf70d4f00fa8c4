import { useRef, useState, type FormEvent } from 'react';
import { checklistTitleSchema } from '../../tools/checklist/checklist-rules';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { useToolCall } from './use-tool-call';

/** Adds an item at the end of the checklist; the field keeps focus for the next one. */
export function AddChecklistItemForm({ taskId }: { taskId: string }) {
  const [title, setTitle] = useState('');
  const { run, error, setError, pending } = useToolCall(taskId);
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const parsed = checklistTitleSchema.safeParse(title);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the title.');
      inputRef.current?.focus();
      return;
    }
    const result = await run('add_checklist_item', { title: parsed.data });
    if (result.success) setTitle('');
    inputRef.current?.focus();
  }

  return (
    <form className="inline-form" onSubmit={submit} noValidate aria-label="Add checklist item">
      <Field label="New checklist item" error={error} className="inline-form__field">
        <input
          ref={inputRef}
          value={title}
          placeholder="e.g. Book the venue"
          autoComplete="off"
          enterKeyHint="done"
          onChange={(event) => {
            setTitle(event.target.value);
            if (error) setError(undefined);
          }}
        />
      </Field>
      <Button type="submit" className="inline-form__submit">
        Add item
      </Button>
    </form>
  );
}

import { useRef } from 'react';
import { checklistTitleSchema } from '../../tools/checklist/checklist-rules';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { useTitleForm } from './use-title-form';

/** Adds an item at the end of the checklist; the field keeps focus for the next one. */
export function AddChecklistItemForm({ taskId }: { taskId: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const form = useTitleForm({
    schema: checklistTitleSchema,
    taskId,
    inputRef,
    add: async (title, run) => (await run('add_checklist_item', { title })).success,
  });

  return (
    <form
      className="inline-form"
      onSubmit={form.onSubmit}
      noValidate
      aria-label="Add checklist item"
    >
      <Field label="New checklist item" error={form.error} className="inline-form__field">
        <input ref={inputRef} placeholder="e.g. Book the venue" {...form.inputProps} />
      </Field>
      <Button type="submit" className="inline-form__submit">
        Add item
      </Button>
    </form>
  );
}

import { useRef } from 'react';
import { taskTitleSchema } from '../../domain/task';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { useTitleForm } from './use-title-form';

export interface QuickCreateFormProps {
  onCreated(taskId: string, title: string): void;
}

/**
 * Type a title, press Enter. An empty or too long title is refused here, before anything
 * is dispatched; the field keeps focus so the next task can follow straight away.
 */
export function QuickCreateForm({ onCreated }: QuickCreateFormProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const form = useTitleForm({
    schema: taskTitleSchema,
    inputRef,
    async add(title, run) {
      const result = await run('create_task', { title });
      const taskId = result.data?.taskId;
      if (!result.success || typeof taskId !== 'string') return false;
      onCreated(taskId, title);
      return true;
    },
  });

  return (
    <form className="quick-create" onSubmit={form.onSubmit} noValidate aria-label="Quick create">
      <Field label="New task" error={form.error} className="quick-create__field">
        <input ref={inputRef} placeholder="What needs doing?" {...form.inputProps} />
      </Field>
      <Button type="submit" variant="primary" className="quick-create__submit">
        Add task
      </Button>
    </form>
  );
}

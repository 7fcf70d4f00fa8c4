import { useRef, useState, type FormEvent } from 'react';
import { taskTitleSchema } from '../../domain/task';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { useToolCall } from './use-tool-call';

export interface QuickCreateFormProps {
  onCreated(taskId: string, title: string): void;
}

/**
 * Type a title, press Enter. An empty or too long title is refused here, before anything
 * is dispatched; the field keeps focus so the next task can follow straight away.
 */
export function QuickCreateForm({ onCreated }: QuickCreateFormProps) {
  const [title, setTitle] = useState('');
  const { run, pending, error, setError } = useToolCall();
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const parsed = taskTitleSchema.safeParse(title);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the title.');
      inputRef.current?.focus();
      return;
    }
    const result = await run('create_task', { title: parsed.data });
    const taskId = result.data?.taskId;
    if (result.success && typeof taskId === 'string') {
      setTitle('');
      onCreated(taskId, parsed.data);
    }
    inputRef.current?.focus();
  }

  return (
    <form className="quick-create" onSubmit={submit} noValidate aria-label="Quick create">
      <Field label="New task" error={error} className="quick-create__field">
        <input
          ref={inputRef}
          value={title}
          placeholder="What needs doing?"
          autoComplete="off"
          enterKeyHint="done"
          onChange={(event) => {
            setTitle(event.target.value);
            if (error) setError(undefined);
          }}
        />
      </Field>
      <Button type="submit" variant="primary" className="quick-create__submit">
        Add task
      </Button>
    </form>
  );
}

/**
 * A one-field form that adds something by its title (a task, a checklist item): the title
 * is checked against its schema before anything is dispatched, cleared once added, and
 * the field keeps focus so the next one can follow straight away.
 */
import { useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import type { z } from 'zod';
import { useToolCall, type ToolCall } from './use-tool-call';

interface TitleFormOptions {
  schema: z.ZodType<string>;
  /** The task the tool works on, if any. */
  taskId?: string;
  /** The title field: focused again after every attempt. */
  inputRef: RefObject<HTMLInputElement | null>;
  /** Dispatches the tool for a valid title; true when it was added. */
  add(title: string, run: ToolCall['run']): Promise<boolean>;
}

export function useTitleForm({ schema, taskId, inputRef, add }: TitleFormOptions) {
  const [title, setTitle] = useState('');
  const { run, error, setError, pending } = useToolCall(taskId);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const parsed = schema.safeParse(title);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the title.');
      inputRef.current?.focus();
      return;
    }
    if (await add(parsed.data, run)) setTitle('');
    inputRef.current?.focus();
  }

  return {
    error,
    onSubmit,
    /** For the title `<input>`, beside its ref and placeholder. */
    inputProps: {
      value: title,
      autoComplete: 'off',
      enterKeyHint: 'done' as const,
      onChange(event: ChangeEvent<HTMLInputElement>) {
        setTitle(event.target.value);
        if (error) setError(undefined);
      },
    },
  };
}

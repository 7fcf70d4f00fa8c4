import { userEdit } from '../../dispatcher/user-edit';
import { taskTitleSchema, type Task } from '../../domain/task';
import { InlineField, type ParseResult } from '../../ui/inline-field';

function parseTitle(text: string): ParseResult<string> {
  const parsed = taskTitleSchema.safeParse(text);
  return parsed.success
    ? { ok: true, value: parsed.data, text: parsed.data }
    : { ok: false, error: parsed.error.issues[0]?.message ?? 'Check the title.' };
}

export function TitleField({ task }: { task: Task }) {
  return (
    <InlineField
      label="Title"
      className="title-field"
      value={task.title}
      parse={parseTitle}
      save={(title) => userEdit('set_task_title', { title }, { taskId: task.id })}
      hint="Saved when you press Enter or leave the field."
      inputProps={{ autoComplete: 'off', enterKeyHint: 'done' }}
    />
  );
}

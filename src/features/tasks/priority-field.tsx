import { PRIORITIES, PRIORITY_NAMES, prioritySchema, type Task } from '../../domain/task';
import { Field } from '../../ui/field';
import { useToolCall } from './use-tool-call';
import { Options } from '../../ui/options';

export function PriorityField({ task }: { task: Task }) {
  const { run, error } = useToolCall(task.id);
  return (
    <Field label="Priority" error={error}>
      <select
        value={task.priority}
        onChange={(event) => {
          const parsed = prioritySchema.safeParse(event.target.value);
          if (parsed.success) void run('update_task_priority', { priority: parsed.data });
        }}
      >
        <Options items={PRIORITIES} label={(priority) => PRIORITY_NAMES[priority]} />
      </select>
    </Field>
  );
}

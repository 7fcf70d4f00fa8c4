import { PRIORITIES, PRIORITY_NAMES, type Task } from '../../domain/task';
import { SelectValueField } from '../../ui/value-fields';
import { useToolCall } from './use-tool-call';

const PRIORITY_OPTIONS = PRIORITIES.map((priority) => ({
  value: priority,
  label: PRIORITY_NAMES[priority],
}));

export function PriorityField({ task }: { task: Task }) {
  const { run, error } = useToolCall(task.id);
  return (
    <SelectValueField
      label="Priority"
      value={task.priority}
      options={PRIORITY_OPTIONS}
      error={error}
      onChange={(priority) => void run('update_task_priority', { priority })}
    />
  );
}

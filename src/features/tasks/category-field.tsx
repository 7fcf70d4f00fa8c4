import type { Category } from '../../domain/category';
import type { Task } from '../../domain/task';
import { Field } from '../../ui/field';
import { useToolCall } from './use-tool-call';
import { NamedOptions } from '../../ui/options';

export function CategoryField({
  task,
  categories,
}: {
  task: Task;
  categories: readonly Category[];
}) {
  const { run, error } = useToolCall(task.id);
  return (
    <Field label="Category" error={error}>
      <select
        value={task.categoryId ?? ''}
        onChange={(event) =>
          void run('set_task_category', { categoryId: event.target.value || null })
        }
      >
        <option value="">No category</option>
        <NamedOptions items={categories} />
      </select>
    </Field>
  );
}

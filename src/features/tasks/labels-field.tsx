import { labelAppliesTo, type Label } from '../../domain/category';
import type { Task } from '../../domain/task';
import { useToolCall } from './use-tool-call';

export interface LabelsFieldProps {
  task: Task;
  /** Every live label; only those that apply to the task's category are offered. */
  labels: readonly Label[];
}

/**
 * Labels as toggle chips (checkboxes underneath, so keyboard and screen readers get the
 * usual behaviour). A label scoped to other categories is not offered; if the task still
 * carries one from before its category changed, it is shown so it can be taken off.
 */
export function LabelsField({ task, labels }: LabelsFieldProps) {
  const { run, error } = useToolCall(task.id);
  const applicable = labels.filter((label) => labelAppliesTo(label, task.categoryId));
  const applicableIds = new Set(applicable.map((label) => label.id));
  const leftOver = labels.filter(
    (label) => task.labelIds.includes(label.id) && !applicableIds.has(label.id),
  );

  function toggle(labelId: string, checked: boolean) {
    const next = checked
      ? [...task.labelIds, labelId]
      : task.labelIds.filter((id) => id !== labelId);
    // The tool refuses labels outside the category, so a left-over one goes with this change.
    void run('set_task_labels', { labelIds: next.filter((id) => applicableIds.has(id)) });
  }

  return (
    <fieldset className="labels-field">
      <legend className="field__label">Labels</legend>
      {applicable.length === 0 && leftOver.length === 0 ? (
        <p className="muted labels-field__none">
          No labels apply to {task.categoryId ? 'this category' : 'tasks without a category'}.
        </p>
      ) : (
        <div className="labels-field__chips">
          {[...applicable, ...leftOver].map((label) => {
            const isLeftOver = !applicableIds.has(label.id);
            return (
              <label
                key={label.id}
                className={isLeftOver ? 'label-toggle label-toggle--left-over' : 'label-toggle'}
              >
                <input
                  type="checkbox"
                  checked={task.labelIds.includes(label.id)}
                  onChange={(event) => toggle(label.id, event.target.checked)}
                />
                <span className="swatch" style={{ background: label.color }} aria-hidden="true" />
                {label.name}
                {isLeftOver && (
                  <>
                    {' '}
                    <span className="muted">(not for this category)</span>
                  </>
                )}
              </label>
            );
          })}
        </div>
      )}
      {leftOver.length > 0 && (
        <p className="field__hint">
          Labels marked “not for this category” are removed with your next label change.
        </p>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

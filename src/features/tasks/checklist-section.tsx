import type { ChecklistItem } from '../../domain/checklist-item';
import { AddChecklistItemForm } from './add-checklist-item-form';
import { ArchivedChecklistItems } from './archived-checklist-items';
import { ChecklistItemRow } from './checklist-item-row';

export interface ChecklistSectionProps {
  taskId: string;
  /** The task's live items in checklist order, archived ones included. */
  items: readonly ChecklistItem[];
}

export function ChecklistSection({ taskId, items }: ChecklistSectionProps) {
  const active = items.filter((item) => !item.isArchived);
  const archived = items.filter((item) => item.isArchived);
  const checked = active.filter((item) => item.isChecked).length;
  return (
    <section className="checklist card stack" aria-labelledby="checklist-heading">
      <div className="checklist__header">
        <h2 id="checklist-heading">Checklist</h2>
        {active.length > 0 && (
          <span className="muted checklist__progress">
            {checked}/{active.length} done
          </span>
        )}
      </div>
      {active.length === 0 ? (
        <p className="muted">No items yet. Break the task into steps you can tick off.</p>
      ) : (
        <ol className="checklist__items">
          {active.map((item, index) => (
            <ChecklistItemRow
              key={item.id}
              taskId={taskId}
              item={item}
              isFirst={index === 0}
              isLast={index === active.length - 1}
            />
          ))}
        </ol>
      )}
      <AddChecklistItemForm taskId={taskId} />
      <ArchivedChecklistItems taskId={taskId} items={archived} />
    </section>
  );
}

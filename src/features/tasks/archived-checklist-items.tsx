import { useId, useState } from 'react';
import type { ChecklistItem } from '../../domain/checklist-item';
import { Button } from '../../ui/button';
import { useToolCall } from './use-tool-call';

/** Archived items stay out of the way behind a toggle, and can be put back. */
export function ArchivedChecklistItems({
  taskId,
  items,
}: {
  taskId: string;
  items: readonly ChecklistItem[];
}) {
  const [open, setOpen] = useState(false);
  const { run, error } = useToolCall(taskId);
  const listId = useId();
  if (items.length === 0) return null;
  return (
    <div className="archived-items">
      <Button
        variant="quiet"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide archived' : 'Show archived'} ({items.length})
      </Button>
      {open && (
        <ul id={listId} className="archived-items__list">
          {items.map((item) => (
            <li key={item.id} className="archived-items__item">
              <span className="muted">
                {item.isChecked ? '☑ ' : '☐ '}
                {item.title}
              </span>
              <Button
                size="small"
                aria-label={`Restore "${item.title}"`}
                onClick={() =>
                  void run('update_checklist_item', { id: item.id, isArchived: false })
                }
              >
                Restore
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

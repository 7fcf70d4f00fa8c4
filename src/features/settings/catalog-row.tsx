import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { DispatchResult } from '../../dispatcher/dispatch-types';
import { ConfirmDelete } from './confirm-delete';
import { EditDeleteButtons } from '../../ui/edit-delete-buttons';

type Mode = 'view' | 'edit' | 'confirmDelete';

export interface CatalogRowProps {
  name: string;
  color: string;
  /** A second line under the name, such as a label's category scope. */
  details?: ReactNode;
  deleteQuestion: string;
  deleteLabel: string;
  renderEditor: (onDone: () => void) => ReactNode;
  onDelete: () => Promise<DispatchResult>;
  /** Called after the row is deleted, so focus can move somewhere that still exists. */
  onDeleted: () => void;
}

/** One category or label: swatch and name, Edit in place, Delete with a confirm step. */
export function CatalogRow({
  name,
  color,
  details,
  deleteQuestion,
  deleteLabel,
  renderEditor,
  onDelete,
  onDeleted,
}: CatalogRowProps) {
  const [mode, setMode] = useState<Mode>('view');
  const rowRef = useRef<HTMLLIElement>(null);
  const previousMode = useRef<Mode>(mode);

  // Back to the Edit button after an edit or a cancelled delete; not on the first render.
  useEffect(() => {
    if (mode === 'view' && previousMode.current !== 'view')
      rowRef.current?.querySelector<HTMLElement>('[data-focus="edit"]')?.focus();
    previousMode.current = mode;
  }, [mode]);

  const backToView = () => setMode('view');

  return (
    <li ref={rowRef} className="catalog-row">
      {mode === 'edit' ? (
        renderEditor(backToView)
      ) : (
        <>
          <div className="catalog-row__main">
            <span
              className="catalog-row__swatch"
              style={{ background: color }}
              aria-hidden="true"
            />
            <div className="catalog-row__text">
              <span className="catalog-row__name">{name}</span>
              {details && <span className="catalog-row__details muted">{details}</span>}
            </div>
            {mode === 'view' && (
              <EditDeleteButtons
                subject={name}
                className="settings__actions catalog-row__actions"
                onEdit={() => setMode('edit')}
                onDelete={() => setMode('confirmDelete')}
              />
            )}
          </div>
          {mode === 'confirmDelete' && (
            <ConfirmDelete
              question={deleteQuestion}
              confirmLabel={deleteLabel}
              onConfirm={onDelete}
              onDeleted={onDeleted}
              onCancel={backToView}
            />
          )}
        </>
      )}
    </li>
  );
}

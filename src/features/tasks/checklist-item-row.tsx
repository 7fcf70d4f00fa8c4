import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ChecklistItem } from '../../domain/checklist-item';
import { checklistTitleSchema } from '../../tools/checklist/checklist-rules';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { useToolCall } from './use-tool-call';

export interface ChecklistItemRowProps {
  taskId: string;
  item: ChecklistItem;
  isFirst: boolean;
  isLast: boolean;
}

/**
 * One checklist item: its checkbox (named by the item's title), rename in place, move up
 * and down, archive. Every button names the item it acts on, for screen readers.
 */
export function ChecklistItemRow({ taskId, item, isFirst, isLast }: ChecklistItemRowProps) {
  const { run, error, setError } = useToolCall(taskId);
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(item.title);
  const checkboxId = useId();
  // The box shows the person's tick at once while the write is on its way: a controlled
  // checkbox would spring back to the stored state until the live query catches up, so the
  // tap would look ignored and a screen reader would announce the old state. Once the stored
  // item moves on (this write or another tab's landed), it is the truth again.
  const [pendingCheck, setPendingCheck] = useState<{ checked: boolean; rev: number }>();
  if (pendingCheck && (pendingCheck.rev !== item.rev || pendingCheck.checked === item.isChecked))
    setPendingCheck(undefined);
  const isChecked = pendingCheck?.checked ?? item.isChecked;
  const renameButtonRef = useRef<HTMLButtonElement>(null);
  // After Save or Cancel the rename button is rendered anew; put the focus back on it.
  const refocusRename = useRef(false);
  useEffect(() => {
    if (!renaming && refocusRename.current) {
      refocusRename.current = false;
      renameButtonRef.current?.focus();
    }
  }, [renaming]);

  function stopRenaming() {
    refocusRename.current = true;
    setRenaming(false);
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    const parsed = checklistTitleSchema.safeParse(title);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the title.');
      return;
    }
    if (parsed.data === item.title) {
      stopRenaming();
      return;
    }
    const result = await run('update_checklist_item', { id: item.id, title: parsed.data });
    if (result.success) stopRenaming();
  }

  async function toggle(checked: boolean) {
    setPendingCheck({ checked, rev: item.rev });
    const result = await run('update_checklist_item', { id: item.id, isChecked: checked });
    if (!result.success) setPendingCheck(undefined);
  }

  function move(direction: 'up' | 'down') {
    // aria-disabled rather than disabled keeps focus on the button at the end of the list.
    if (direction === 'up' ? isFirst : isLast) return;
    void run('move_checklist_item', { id: item.id, direction });
  }

  if (renaming) {
    return (
      <li className="checklist-item checklist-item--renaming">
        <form className="checklist-item__rename" onSubmit={rename} noValidate>
          <Field label={`Rename “${item.title}”`} error={error}>
            <input
              value={title}
              autoComplete="off"
              autoFocus
              onChange={(event) => {
                setTitle(event.target.value);
                setError(undefined);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') stopRenaming();
              }}
            />
          </Field>
          <div className="row">
            <Button type="submit" variant="primary" size="small">
              Save
            </Button>
            <Button size="small" onClick={stopRenaming}>
              Cancel
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className={isChecked ? 'checklist-item checklist-item--checked' : 'checklist-item'}>
      <div className="checklist-item__main">
        <input
          id={checkboxId}
          type="checkbox"
          className="checklist-item__checkbox"
          checked={isChecked}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <label htmlFor={checkboxId} className="checklist-item__title">
          {item.title}
        </label>
      </div>
      <div className="checklist-item__actions">
        {/* A plain button: the focus returns to it after renaming, which needs its ref. */}
        <button
          ref={renameButtonRef}
          type="button"
          className="button button--small button--quiet"
          aria-label={`Rename "${item.title}"`}
          onClick={() => {
            setTitle(item.title);
            setError(undefined);
            setRenaming(true);
          }}
        >
          Rename
        </button>
        <Button
          size="small"
          variant="quiet"
          aria-label={`Move "${item.title}" up`}
          title="Move up"
          aria-disabled={isFirst}
          onClick={() => move('up')}
        >
          <span aria-hidden="true">↑</span>
        </Button>
        <Button
          size="small"
          variant="quiet"
          aria-label={`Move "${item.title}" down`}
          title="Move down"
          aria-disabled={isLast}
          onClick={() => move('down')}
        >
          <span aria-hidden="true">↓</span>
        </Button>
        <Button
          size="small"
          variant="quiet"
          aria-label={`Archive "${item.title}"`}
          onClick={() => void run('update_checklist_item', { id: item.id, isArchived: true })}
        >
          Archive
        </Button>
      </div>
      {error && (
        <p className="field__error checklist-item__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * Edit, then confirm: a sheet over the card or the inbox with the proposal's
 * editable fields, each refusing an invalid value at the field. Enter (or "Confirm with
 * changes") confirms the edited proposal through the same confirmation path as a plain
 * confirm (one transaction, staleness, Undo); Escape or Cancel closes it and changes
 * nothing. A stale proposal is confirmed only with "Apply anyway".
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { getDatabase } from '../../../db/connection';
import { listLabels } from '../../../db/queries/settings-catalog';
import type { PendingReviewItem } from '../../../db/queries/review-proposals';
import { reviewKind } from '../../../tools/registry';
import { Button } from '../../../ui/button';
import { Notice } from '../../../ui/notice';
import { Sheet } from '../../../ui/sheet';
import { CheckboxValueField, SelectValueField, TextValueField } from '../../../ui/value-fields';
import {
  draftOf,
  editFieldsOf,
  editsOf,
  refusalsOf,
  type DraftValues,
  type EditField,
} from './edit-fields';

export interface EditProposalSheetProps {
  entry: PendingReviewItem;
  /** The proposal changed since it was proposed: confirming means "Apply anyway". */
  stale: boolean;
  /** Confirms with the edited arguments; resolves true when it was applied (the sheet closes). */
  onConfirm(edited: Record<string, unknown>, applyAnyway: boolean): Promise<boolean>;
  /** The service's message after a confirm that did not apply (stale, invalid, failed). */
  notice: string | undefined;
  onCancel(): void;
}

function FieldControl({
  field,
  value,
  error,
  onChange,
}: {
  field: EditField;
  value: string | boolean;
  error: string | undefined;
  onChange(value: string | boolean): void;
}) {
  const labels = useLiveQuery(
    () => (field.type === 'label' ? listLabels(getDatabase()) : Promise.resolve([])),
    [field.type],
  );
  if (field.type === 'checkbox')
    return (
      <CheckboxValueField
        label={field.label}
        value={value === true}
        onChange={onChange}
        error={error}
      />
    );
  const shared = {
    label: field.label,
    value: typeof value === 'string' ? value : '',
    onChange,
    error,
  };
  if (field.type === 'select' || field.type === 'label') {
    const options =
      field.type === 'select'
        ? field.options
        : (labels ?? []).map((label) => ({ value: label.id, label: label.name }));
    return <SelectValueField {...shared} options={options} />;
  }
  const inputProps =
    field.type === 'number'
      ? { type: 'number', inputMode: 'numeric' as const, min: field.min, max: field.max, step: 1 }
      : field.type === 'date'
        ? { type: 'date' }
        : { maxLength: field.maxLength };
  return <TextValueField {...shared} inputProps={inputProps} />;
}

/**
 * Enter confirms the edit from any field: a text or number field submits its form on
 * Enter by itself, a drop-down (priority, status, label) does not.
 */
function submitOnEnterInSelect(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey)
    return;
  if (!(event.target instanceof HTMLSelectElement)) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}

export function EditProposalSheet({
  entry,
  stale,
  onConfirm,
  onCancel,
  notice,
}: EditProposalSheetProps) {
  const headingId = useId();
  const { item } = entry;
  const fields = editFieldsOf(item);
  const [draft, setDraft] = useState<DraftValues>(() => draftOf(item, fields));
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const edits = editsOf(fields, draft);
    const refused = refusalsOf(item, edits);
    setRefusals(refused);
    if (Object.keys(refused).length > 0) return;
    setBusy(true);
    const applied = await onConfirm(edits, stale);
    if (!applied) setBusy(false);
  }

  const confirmLabel = stale ? 'Apply anyway with changes' : 'Confirm with changes';
  const unplaced = Object.entries(refusals).find(
    ([key]) => !fields.some((field) => field.key === key),
  );
  return (
    <Sheet labelledBy={headingId} onCancel={onCancel}>
      <form
        className="edit-sheet stack"
        onSubmit={(event) => void submit(event)}
        onKeyDown={submitOnEnterInSelect}
        noValidate
      >
        <h2 id={headingId} className="edit-sheet__title">
          Edit before confirming
        </h2>
        <p className="muted edit-sheet__proposed">
          {reviewKind(item.toolName)} · proposed: {item.humanSummary}
        </p>
        {fields.map((field) => (
          <FieldControl
            key={field.key}
            field={field}
            value={draft[field.key] ?? ''}
            error={refusals[field.key]}
            onChange={(value) => {
              setDraft((current) => ({ ...current, [field.key]: value }));
              setRefusals(({ [field.key]: _gone, ...rest }) => rest);
            }}
          />
        ))}
        {unplaced && <Notice tone="error">{unplaced[1]}</Notice>}
        {stale && (
          <p className="review-row__stale">
            This changed since it was proposed; confirming overwrites that change.
          </p>
        )}
        {notice && <Notice tone="error">{notice}</Notice>}
        <div className="row edit-sheet__actions">
          <Button type="submit" variant="primary" disabled={busy}>
            <span aria-hidden="true">✓</span>
            {confirmLabel}
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </div>
      </form>
    </Sheet>
  );
}

import { useId, useRef, useState } from 'react';
import { userEdit } from '../../dispatcher/user-edit';
import type { Category, Label } from '../../domain/category';
import { Button } from '../../ui/button';
import { CATALOG_COLORS } from './catalog-colors';
import { CatalogFormFields } from './catalog-form-fields';
import { useCatalogForm } from './use-catalog-form';

export interface LabelFormProps {
  /** Live categories, offered as the label's optional scope. */
  categories: readonly Category[];
  /** The label to edit; without it the form adds a new one and clears itself after. */
  label?: Label;
  onDone?: () => void;
}

/** Name, colour and category scope of a label. A refused save keeps the input and says why. */
export function LabelForm({ categories, label, onDone }: LabelFormProps) {
  const scopeHintId = useId();
  // A scope may name categories deleted since; saving those would be refused, so drop them.
  const [scope, setScope] = useState<string[]>(() =>
    (label?.categoryIds ?? []).filter((id) => categories.some((category) => category.id === id)),
  );
  const nameRef = useRef<HTMLInputElement>(null);
  const form = useCatalogForm({
    editing: label,
    nameRef,
    defaultColor: CATALOG_COLORS[1],
    save: ({ name, color }) =>
      userEdit('save_label', { id: label?.id, name, color, categoryIds: scope }),
    onSaved: (mode) => {
      if (mode === 'edited') onDone?.();
      else setScope([]);
    },
  });

  function toggle(categoryId: string, checked: boolean) {
    setScope((current) =>
      checked ? [...current, categoryId] : current.filter((id) => id !== categoryId),
    );
  }

  return (
    <form
      className="catalog-form"
      aria-label={label ? `Edit label ${label.name}` : 'Add a label'}
      onSubmit={form.onSubmit}
      noValidate
    >
      <CatalogFormFields form={form} nameRef={nameRef} />
      <fieldset className="catalog-form__scope" aria-describedby={scopeHintId}>
        <legend className="field__label">Only for these categories</legend>
        <p id={scopeHintId} className="field__hint">
          Leave all unticked to use the label with every category.
        </p>
        {categories.length === 0 ? (
          <p className="muted">No categories yet.</p>
        ) : (
          <div className="catalog-form__checks">
            {categories.map((category) => (
              <label key={category.id} className="check">
                <input
                  type="checkbox"
                  checked={scope.includes(category.id)}
                  onChange={(event) => toggle(category.id, event.target.checked)}
                />
                <span
                  className="swatch"
                  style={{ background: category.color }}
                  aria-hidden="true"
                />
                {category.name}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <div className="row settings__actions catalog-form__buttons">
        <Button type="submit" variant="primary" aria-disabled={form.saving || undefined}>
          {label ? 'Save' : 'Add label'}
        </Button>
        {label && <Button onClick={onDone}>Cancel</Button>}
      </div>
    </form>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { userEdit } from '../../dispatcher/user-edit';
import { colorSchema, nameSchema, type Category, type Label } from '../../domain/category';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { CATALOG_COLORS, nextCatalogColor } from './catalog-colors';
import { fieldError } from './field-error';

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
  const [name, setName] = useState(label?.name ?? '');
  const [color, setColor] = useState(label?.color ?? CATALOG_COLORS[1]);
  // A scope may name categories deleted since; saving those would be refused, so drop them.
  const [scope, setScope] = useState<string[]>(() =>
    (label?.categoryIds ?? []).filter((id) => categories.some((category) => category.id === id)),
  );
  const [errors, setErrors] = useState<{ name?: string; color?: string }>({});
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  // Editing starts in the name field. A boolean, not the row: live queries hand out new objects.
  const editing = label !== undefined;
  useEffect(() => {
    if (editing) nameRef.current?.focus();
  }, [editing]);

  async function save() {
    if (saving) return;
    const invalid = { name: fieldError(nameSchema, name), color: fieldError(colorSchema, color) };
    if (invalid.name || invalid.color) {
      setErrors(invalid);
      if (invalid.name) nameRef.current?.focus();
      return;
    }
    setSaving(true);
    const result = await userEdit('save_label', { id: label?.id, name, color, categoryIds: scope });
    setSaving(false);
    if (!result.success) {
      setErrors({ name: result.output });
      nameRef.current?.focus();
      return;
    }
    setErrors({});
    if (label) {
      onDone?.();
      return;
    }
    // Anything typed while the save was running is the start of the next name: keep it.
    setName((current) => (current === name ? '' : current));
    setColor(nextCatalogColor(color));
    setScope([]);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void save();
  }

  function toggle(categoryId: string, checked: boolean) {
    setScope((current) =>
      checked ? [...current, categoryId] : current.filter((id) => id !== categoryId),
    );
  }

  return (
    <form
      className="catalog-form"
      aria-label={label ? `Edit label ${label.name}` : 'Add a label'}
      onSubmit={onSubmit}
      noValidate
    >
      <Field label="Name" error={errors.name} className="catalog-form__name">
        <input
          ref={nameRef}
          type="text"
          autoComplete="off"
          maxLength={60}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (errors.name) setErrors({ ...errors, name: undefined });
          }}
        />
      </Field>
      <Field label="Colour" error={errors.color} className="catalog-form__color">
        <input type="color" value={color} onChange={(event) => setColor(event.target.value)} />
      </Field>
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
        <Button type="submit" variant="primary" aria-disabled={saving || undefined}>
          {label ? 'Save' : 'Add label'}
        </Button>
        {label && <Button onClick={onDone}>Cancel</Button>}
      </div>
    </form>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { userEdit } from '../../dispatcher/user-edit';
import { colorSchema, nameSchema, type Category } from '../../domain/category';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { CATALOG_COLORS, nextCatalogColor } from './catalog-colors';
import { fieldError } from './field-error';

export interface CategoryFormProps {
  /** The category to edit; without it the form adds a new one and clears itself after. */
  category?: Category;
  onDone?: () => void;
}

/** Name and colour of a category. A refused save keeps what was typed and says why. */
export function CategoryForm({ category, onDone }: CategoryFormProps) {
  const [name, setName] = useState(category?.name ?? '');
  const [color, setColor] = useState(category?.color ?? CATALOG_COLORS[0]);
  const [errors, setErrors] = useState<{ name?: string; color?: string }>({});
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  // Editing starts in the name field. A boolean, not the row: live queries hand out new objects.
  const editing = category !== undefined;
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
    const result = await userEdit('save_category', { id: category?.id, name, color });
    setSaving(false);
    if (!result.success) {
      setErrors({ name: result.output });
      nameRef.current?.focus();
      return;
    }
    setErrors({});
    if (category) {
      onDone?.();
      return;
    }
    // Anything typed while the save was running is the start of the next name: keep it.
    setName((current) => (current === name ? '' : current));
    setColor(nextCatalogColor(color));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void save();
  }

  const label = category ? `Edit category ${category.name}` : 'Add a category';
  return (
    <form className="catalog-form" aria-label={label} onSubmit={onSubmit} noValidate>
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
      <div className="row settings__actions catalog-form__buttons">
        <Button type="submit" variant="primary" aria-disabled={saving || undefined}>
          {category ? 'Save' : 'Add category'}
        </Button>
        {category && <Button onClick={onDone}>Cancel</Button>}
      </div>
    </form>
  );
}

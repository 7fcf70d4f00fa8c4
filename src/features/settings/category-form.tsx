import { useRef } from 'react';
import { userEdit } from '../../dispatcher/user-edit';
import type { Category } from '../../domain/category';
import { Button } from '../../ui/button';
import { CATALOG_COLORS } from './catalog-colors';
import { CatalogFormFields } from './catalog-form-fields';
import { useCatalogForm } from './use-catalog-form';

export interface CategoryFormProps {
  /** The category to edit; without it the form adds a new one and clears itself after. */
  category?: Category;
  onDone?: () => void;
}

/** Name and colour of a category. A refused save keeps what was typed and says why. */
export function CategoryForm({ category, onDone }: CategoryFormProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  const form = useCatalogForm({
    editing: category,
    nameRef,
    defaultColor: CATALOG_COLORS[0],
    save: ({ name, color }) => userEdit('save_category', { id: category?.id, name, color }),
    onSaved: (mode) => {
      if (mode === 'edited') onDone?.();
    },
  });

  const label = category ? `Edit category ${category.name}` : 'Add a category';
  return (
    <form className="catalog-form" aria-label={label} onSubmit={form.onSubmit} noValidate>
      <CatalogFormFields form={form} nameRef={nameRef} />
      <div className="row settings__actions catalog-form__buttons">
        <Button type="submit" variant="primary" aria-disabled={form.saving || undefined}>
          {category ? 'Save' : 'Add category'}
        </Button>
        {category && <Button onClick={onDone}>Cancel</Button>}
      </div>
    </form>
  );
}

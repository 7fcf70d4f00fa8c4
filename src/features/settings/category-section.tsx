import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useRef } from 'react';
import { getDatabase } from '../../db/connection';
import { listCategories } from '../../db/queries/settings-catalog';
import { userEdit } from '../../dispatcher/user-edit';
import { showToast } from '../../ui/toast-store';
import { CatalogRow } from './catalog-row';
import { CategoryForm } from './category-form';

/** Categories: group tasks, and (later) decide which tasks an agent may work on. */
export function CategorySection() {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const categories = useLiveQuery(() => listCategories(getDatabase()), []);

  const deleted = (name: string) => {
    headingRef.current?.focus();
    showToast({ message: `Deleted category "${name}".` });
  };

  return (
    <section id="categories" className="card stack settings__section" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        Categories
      </h2>
      <p className="muted settings__intro">
        Group your tasks, such as Work or Home. An agent only works on tasks in the categories you
        allow it.
      </p>
      {categories === undefined ? (
        <p className="muted" aria-busy="true">
          Loading categories…
        </p>
      ) : categories.length === 0 ? (
        <p className="muted">No categories yet. Add your first one below.</p>
      ) : (
        <ul className="catalog-list" aria-label="Categories">
          {categories.map((category) => (
            <CatalogRow
              key={category.id}
              name={category.name}
              color={category.color}
              deleteQuestion={`Delete the category "${category.name}"? Its tasks stay, without a category.`}
              deleteLabel="Delete category"
              renderEditor={(onDone) => <CategoryForm category={category} onDone={onDone} />}
              onDelete={() => userEdit('delete_category', { id: category.id })}
              onDeleted={() => deleted(category.name)}
            />
          ))}
        </ul>
      )}
      <h3>Add a category</h3>
      <CategoryForm />
    </section>
  );
}

import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useRef } from 'react';
import { getDatabase } from '../../db/connection';
import { listCategories, listLabels } from '../../db/queries/settings-catalog';
import { userEdit } from '../../dispatcher/user-edit';
import type { Category, Label } from '../../domain/category';
import { showToast } from '../../ui/toast-store';
import { CatalogRow } from './catalog-row';
import { LabelForm } from './label-form';

function describeScope(label: Label, categories: readonly Category[]): string {
  const names = (label.categoryIds ?? []).flatMap((id) => {
    const category = categories.find((candidate) => candidate.id === id);
    return category ? [category.name] : [];
  });
  return names.length === 0 ? 'All categories' : `Only for ${names.join(', ')}`;
}

/** Labels: tags on tasks, optionally only for some categories. */
export function LabelSection() {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const catalog = useLiveQuery(async () => {
    const db = getDatabase();
    return { labels: await listLabels(db), categories: await listCategories(db) };
  }, []);

  const deleted = (name: string) => {
    headingRef.current?.focus();
    showToast({ message: `Deleted label "${name}".` });
  };

  return (
    <section id="labels" className="card stack settings__section" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        Labels
      </h2>
      <p className="muted settings__intro">
        Tag tasks, such as Quick win or Waiting. A label can be limited to some categories.
      </p>
      {catalog === undefined ? (
        <p className="muted" aria-busy="true">
          Loading labels…
        </p>
      ) : (
        <>
          {catalog.labels.length === 0 ? (
            <p className="muted">No labels yet. Add your first one below.</p>
          ) : (
            <ul className="catalog-list" aria-label="Labels">
              {catalog.labels.map((label) => (
                <CatalogRow
                  key={label.id}
                  name={label.name}
                  color={label.color}
                  details={describeScope(label, catalog.categories)}
                  deleteQuestion={`Delete the label "${label.name}"? Tasks that carry it stop showing it.`}
                  deleteLabel="Delete label"
                  renderEditor={(onDone) => (
                    <LabelForm categories={catalog.categories} label={label} onDone={onDone} />
                  )}
                  onDelete={() => userEdit('delete_label', { id: label.id })}
                  onDeleted={() => deleted(label.name)}
                />
              ))}
            </ul>
          )}
          <h3>Add a label</h3>
          <LabelForm categories={catalog.categories} />
        </>
      )}
    </section>
  );
}

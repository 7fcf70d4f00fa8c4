import type { RefObject } from 'react';
import { Field } from '../../ui/field';
import type { CatalogForm } from './use-catalog-form';

/** The name and colour fields of a category or label form. */
export function CatalogFormFields({
  form,
  nameRef,
}: {
  form: CatalogForm;
  nameRef: RefObject<HTMLInputElement | null>;
}) {
  return (
    <>
      <Field label="Name" error={form.errors.name} className="catalog-form__name">
        <input
          ref={nameRef}
          type="text"
          autoComplete="off"
          maxLength={60}
          value={form.name}
          onChange={(event) => form.nameChanged(event.target.value)}
        />
      </Field>
      <Field label="Colour" error={form.errors.color} className="catalog-form__color">
        <input
          type="color"
          value={form.color}
          onChange={(event) => form.colorChanged(event.target.value)}
        />
      </Field>
    </>
  );
}

/**
 * What the category form and the label form share: a name and a colour, checked before
 * anything is sent, saved through the write path, and a refused save that keeps what was
 * typed and says why at the name. After adding, the form is ready for the next one.
 */
import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import type { DispatchResult } from '../../dispatcher/dispatch-types';
import { colorSchema, nameSchema } from '../../domain/category';
import { fieldError } from '../../lib/field-error';
import { nextCatalogColor } from './catalog-colors';

interface CatalogFormOptions {
  /** The stored name and colour when editing; undefined when the form adds a new one. */
  editing: { name: string; color: string } | undefined;
  defaultColor: string;
  /** The name field: focused when editing starts and when the name is refused. */
  nameRef: RefObject<HTMLInputElement | null>;
  save(fields: { name: string; color: string }): Promise<DispatchResult>;
  /** After a save: editing is over, or the form was cleared for the next one. */
  onSaved(mode: 'edited' | 'added'): void;
}

type CatalogFormErrors = { name?: string; color?: string };

export function useCatalogForm({
  editing,
  defaultColor,
  nameRef,
  save,
  onSaved,
}: CatalogFormOptions) {
  const [name, setName] = useState(editing?.name ?? '');
  const [color, setColor] = useState(editing?.color ?? defaultColor);
  const [errors, setErrors] = useState<CatalogFormErrors>({});
  const [saving, setSaving] = useState(false);

  // Editing starts in the name field. A boolean, not the row: live queries hand out new objects.
  const isEditing = editing !== undefined;
  useEffect(() => {
    if (isEditing) nameRef.current?.focus();
  }, [isEditing, nameRef]);

  async function submit() {
    if (saving) return;
    const invalid = { name: fieldError(nameSchema, name), color: fieldError(colorSchema, color) };
    if (invalid.name || invalid.color) {
      setErrors(invalid);
      if (invalid.name) nameRef.current?.focus();
      return;
    }
    setSaving(true);
    const result = await save({ name, color });
    setSaving(false);
    if (!result.success) {
      setErrors({ name: result.output });
      nameRef.current?.focus();
      return;
    }
    setErrors({});
    if (isEditing) {
      onSaved('edited');
      return;
    }
    // Anything typed while the save was running is the start of the next name: keep it.
    setName((current) => (current === name ? '' : current));
    setColor(nextCatalogColor(color));
    onSaved('added');
  }

  return {
    name,
    color,
    errors,
    saving,
    nameChanged(next: string) {
      setName(next);
      if (errors.name) setErrors({ ...errors, name: undefined });
    },
    colorChanged: setColor,
    onSubmit(event: FormEvent) {
      event.preventDefault();
      void submit();
    },
  };
}

export type CatalogForm = ReturnType<typeof useCatalogForm>;

/**
 * The `<option>`s of a `<select>`, one per item: `value` is what the select stores (the
 * item itself by default), `label` what people read (the value by default).
 */
export function Options<T>({
  items,
  value = String,
  label = value,
}: {
  items: readonly T[];
  value?: (item: T) => string;
  label?: (item: T) => string;
}) {
  return (
    <>
      {items.map((item) => (
        <option key={value(item)} value={value(item)}>
          {label(item)}
        </option>
      ))}
    </>
  );
}

/** Options for named records (categories, labels): the id is stored, the name is read. */
export function NamedOptions({ items }: { items: readonly { id: string; name: string }[] }) {
  return <Options items={items} value={(item) => item.id} label={(item) => item.name} />;
}

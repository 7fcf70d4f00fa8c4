/**
 * What differs between two argument records, in a few words: "90 → 60" when one value
 * changed, `title "Draft" → "Draft the agenda"; isChecked false → true` for several.
 * Keys listed in `ignore` (a rationale) are not compared.
 */
const shown = (value: unknown): string => {
  if (value === undefined || value === null) return '(none)';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

export function describeChangedValues(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  ignore: readonly string[] = ['rationale'],
): string {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => !ignore.includes(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  if (keys.length === 1) return `${shown(before[keys[0]!])} → ${shown(after[keys[0]!])}`;
  return keys.map((key) => `${key} ${shown(before[key])} → ${shown(after[key])}`).join('; ');
}

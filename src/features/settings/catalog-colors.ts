/** Colours offered to a new category or label, in turn, so neighbours differ at a glance. */
export const CATALOG_COLORS = [
  '#2f5d50',
  '#3b6fb6',
  '#b5532a',
  '#8a4fb0',
  '#a3831f',
  '#b03a5b',
  '#3f8f8a',
  '#6b7280',
] as const;

/** The colour after `color` in the palette (the first one when `color` is not in it). */
export function nextCatalogColor(color: string): string {
  const index = CATALOG_COLORS.indexOf(color.toLowerCase() as (typeof CATALOG_COLORS)[number]);
  return CATALOG_COLORS[(index + 1) % CATALOG_COLORS.length] ?? CATALOG_COLORS[0];
}

/** Read queries for the catalogue (categories and labels): live rows, sorted by name. */
import type { Category, Label } from '../../domain/category';
import type { CountersignDatabase } from '../database';

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

export async function listCategories(db: CountersignDatabase): Promise<Category[]> {
  const categories = await db.categories.toArray();
  return categories.filter((category) => category.deletedAt === undefined).sort(byName);
}

export async function listLabels(db: CountersignDatabase): Promise<Label[]> {
  const labels = await db.labels.toArray();
  return labels.filter((label) => label.deletedAt === undefined).sort(byName);
}

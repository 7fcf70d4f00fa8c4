import type { Category, Label } from '../domain/category';
import type { ChecklistItem } from '../domain/checklist-item';
import type { JournalReader } from '../domain/journal-access';
import type { SummaryNames } from './tool-definition';

/** Loads the names a task's summaries may mention (its checklist items, all labels and categories). */
export async function loadSummaryNames(
  journal: JournalReader,
  taskId: string | undefined,
): Promise<SummaryNames> {
  const [items, labels, categories] = await Promise.all([
    taskId ? journal.checklistItems(taskId) : [],
    journal.labels(),
    journal.categories(),
  ]);
  return summaryNamesOf(items, labels, categories);
}

/** The same names from rows already read (a wake reads them with its context). */
export function summaryNamesOf(
  items: readonly ChecklistItem[],
  labels: readonly Label[],
  categories: readonly Category[],
): SummaryNames {
  const itemTitles = new Map(items.map((item) => [item.id, item.title]));
  const labelNames = new Map(labels.map((label) => [label.id, label.name]));
  const categoryNames = new Map(categories.map((category) => [category.id, category.name]));
  return {
    checklistItemTitle: (id) => itemTitles.get(id),
    labelName: (id) => labelNames.get(id),
    categoryName: (id) => categoryNames.get(id),
  };
}

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
  const itemTitles = new Map(items.map((item) => [item.id, item.title]));
  const labelNames = new Map(labels.map((label) => [label.id, label.name]));
  const categoryNames = new Map(categories.map((category) => [category.id, category.name]));
  return {
    checklistItemTitle: (id) => itemTitles.get(id),
    labelName: (id) => labelNames.get(id),
    categoryName: (id) => categoryNames.get(id),
  };
}

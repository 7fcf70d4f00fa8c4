import type { JournalReader } from '../domain/journal-access';
import type { SummaryNames } from './tool-definition';

/** Loads the names a task's summaries may mention (its checklist items, all labels). */
export async function loadSummaryNames(
  journal: JournalReader,
  taskId: string | undefined,
): Promise<SummaryNames> {
  const [items, labels] = await Promise.all([
    taskId ? journal.checklistItems(taskId) : [],
    journal.labels(),
  ]);
  const itemTitles = new Map(items.map((item) => [item.id, item.title]));
  const labelNames = new Map(labels.map((label) => [label.id, label.name]));
  return {
    checklistItemTitle: (id) => itemTitles.get(id),
    labelName: (id) => labelNames.get(id),
  };
}

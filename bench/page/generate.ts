/**
 * The seeded journal, generated deterministically. Categories, labels and tasks are made
 * up front (50,000 tasks at 10× is a few megabytes); entries and checklist items come
 * task by task from `rowsByTask()`, so the seed can write them in chunks as they are made
 * and never holds 500,000 entries at once. Rows are built with the factories the unit
 * tests use and parsed by the seeding helper when they are written.
 */
import type { Category, Label } from '../../src/domain/category';
import type { ChecklistItem } from '../../src/domain/checklist-item';
import type { JournalEntry } from '../../src/domain/journal-entry';
import { needsReason, type Task } from '../../src/domain/task';
import {
  categoryRow,
  checklistItemRow,
  entryRow,
  labelRow,
  stamp,
  taskRow,
} from '../../test/support/factories';
import { createRandom, spread, weighted } from './random';
import {
  CATEGORY_NAMES,
  CHECKLIST_TITLES,
  COLORS,
  DAY_MS,
  LABEL_NAMES,
  OBJECTS,
  PRIORITY_WEIGHTS,
  QUALIFIERS,
  SEED_DEVICE_ID,
  STATUS_WEIGHTS,
  VERBS,
  entryText,
  isoDay,
} from './text';

export interface SeedSize {
  tasks: number;
  entries: number;
  checklistItems: number;
  randomSeed?: number;
}

export interface TaskRows {
  taskIndex: number;
  entries: JournalEntry[];
  checklistItems: ChecklistItem[];
}

export interface GeneratedJournal {
  categories: Category[];
  labels: Label[];
  tasks: Task[];
  /** How many entries and checklist items each task (by index) gets. */
  entryCounts: number[];
  checklistCounts: number[];
  /** Each task's entries and checklist items, in task order. Call once. */
  rowsByTask: () => Generator<TaskRows>;
}

const seedStamp = (at: number, rev = 1) => stamp(at, rev, SEED_DEVICE_ID);

export function generateJournal(size: SeedSize): GeneratedJournal {
  const random = createRandom(size.randomSeed ?? 20_260_101);
  const now = Date.now();
  // Categories and labels: a name, a colour in turn, made long before any task.
  const named = (name: string, index: number) => ({
    id: random.uuid(),
    name,
    color: COLORS[index % COLORS.length]!,
    ...seedStamp(now - 800 * DAY_MS),
  });
  const categories = CATEGORY_NAMES.map((name, index) => categoryRow(named(name, index)));
  const labels = LABEL_NAMES.map((name, index) => labelRow(named(name, index)));

  const tasks: Task[] = [];
  for (let index = 0; index < size.tasks; index++) {
    const createdAt = now - random.integer(1, 720) * DAY_MS - random.integer(0, DAY_MS);
    const status = weighted(random, STATUS_WEIGHTS);
    const reason = needsReason(status)
      ? random.pick(['Waiting for the vendor', 'Parts on order', 'Needs a decision from Sam'])
      : undefined;
    const changedAt = new Date(createdAt + random.integer(0, 20) * DAY_MS).toISOString();
    const labelIds = [
      ...new Set(Array.from({ length: random.integer(0, 3) }, () => random.pick(labels).id)),
    ];
    // The order of the fields is the order of the random draws: keep it.
    tasks.push(
      taskRow({
        id: random.uuid(),
        title: `${random.pick(VERBS)} ${random.pick(OBJECTS)}${random.pick(QUALIFIERS)}`,
        status,
        ...(reason ? { statusReason: reason } : {}),
        statusHistory: [
          { status: 'OPEN', at: new Date(createdAt).toISOString(), by: 'user' },
          ...(status === 'OPEN'
            ? []
            : [{ status, ...(reason ? { reason } : {}), at: changedAt, by: 'user' as const }]),
        ],
        priority: weighted(random, PRIORITY_WEIGHTS),
        ...(random.next() < 0.6 ? { estimateMinutes: random.integer(1, 32) * 15 } : {}),
        ...(random.next() < 0.4 ? { dueDate: isoDay(now + random.integer(-30, 90) * DAY_MS) } : {}),
        ...(random.next() < 0.3 ? { languageCode: 'en', languageSource: 'user' as const } : {}),
        ...(random.next() < 0.8 ? { categoryId: random.pick(categories).id } : {}),
        labelIds,
        ...seedStamp(createdAt, status === 'OPEN' ? 1 : 2),
      }),
    );
  }

  const entryCounts = spread(random, size.entries, tasks.length);
  const checklistCounts = spread(random, size.checklistItems, tasks.length);

  function* rowsByTask(): Generator<TaskRows> {
    for (const [taskIndex, task] of tasks.entries()) {
      const taskCreated = Date.parse(task.createdAt);
      const entries: JournalEntry[] = [];
      for (let count = 0; count < entryCounts[taskIndex]!; count++) {
        entries.push(
          entryRow({
            id: random.uuid(),
            taskId: task.id,
            text: entryText(random),
            ...seedStamp(taskCreated + random.integer(0, Math.max(1, now - taskCreated))),
          }),
        );
      }
      const checklistItems: ChecklistItem[] = [];
      for (let order = 1; order <= checklistCounts[taskIndex]!; order++) {
        const isChecked = random.next() < 0.4;
        const created = taskCreated + random.integer(0, 5 * DAY_MS);
        checklistItems.push(
          checklistItemRow({
            id: random.uuid(),
            taskId: task.id,
            title: `${random.pick(CHECKLIST_TITLES)}${random.next() < 0.3 ? ` (${random.pick(OBJECTS)})` : ''}`,
            isChecked,
            isArchived: random.next() < 0.05,
            order,
            ...(isChecked
              ? { checkedBy: 'user' as const, checkedAt: new Date(created + DAY_MS).toISOString() }
              : {}),
            ...seedStamp(created),
          }),
        );
      }
      yield { taskIndex, entries, checklistItems };
    }
  }

  return { categories, labels, tasks, entryCounts, checklistCounts, rowsByTask };
}

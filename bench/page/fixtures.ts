/**
 * Set-up that is never timed: fresh tasks for one repetition, the agent's bench category,
 * and the rows a floor writes. Journal rows are built with the shared factories and
 * written through the seeding helper (parsed, bulk-written); policy goes through
 * dispatch(), as a person's Settings change would.
 */
import { readDefaultAgent } from '../../src/db/agent-config';
import type { CountersignDatabase } from '../../src/db/database';
import { seedRows } from '../../src/db/seed-rows';
import { dispatch } from '../../src/dispatcher/dispatch';
import type { ChecklistItem } from '../../src/domain/checklist-item';
import type { Task } from '../../src/domain/task';
import { bumpClock } from '../../src/domain/vector-clock';
import {
  categoryRow,
  checklistItemRow,
  entryRow,
  stamp,
  taskRow,
} from '../../test/support/factories';
import type { Random } from './random';
import { CHECKLIST_TITLES, COLORS, DAY_MS, SEED_DEVICE_ID, entryText } from './text';

const BENCH_CATEGORY_ID = 'bench-agent-category';

/** A stamp for a row the bench writes now (or at `at`), as the seed's device. */
const benchStamp = (at: number = Date.now()) => stamp(at, 1, SEED_DEVICE_ID);

/** A task that exists only for one repetition. */
export async function createFreshTask(
  db: CountersignDatabase,
  label: string,
  fields: Partial<Task> = {},
): Promise<Task> {
  const task = taskRow({ title: `Bench task ${label}`, ...benchStamp(), ...fields });
  await seedRows(db, 'tasks', [task]);
  return task;
}

/** A fresh task in the allowed category (confirmations count as the agent's writes for policy). */
export function createAllowedTask(db: CountersignDatabase, label: string): Promise<Task> {
  return createFreshTask(db, label, { categoryId: BENCH_CATEGORY_ID });
}

/** Adds categories to the default agent's allowlist (keeping what is there). */
export async function allowCategories(
  db: CountersignDatabase,
  categoryIds: readonly string[],
): Promise<void> {
  const current = (await readDefaultAgent(db))?.allowedCategoryIds ?? [];
  for (const categoryId of categoryIds.filter((id) => !current.includes(id)))
    await dispatch(db, 'allow_agent_category', { categoryId, allowed: true }, { source: 'user' });
}

/** The category of every task the bench wakes or confirms for, allowed for the agent. */
export async function ensureBenchCategory(db: CountersignDatabase): Promise<string> {
  if (!(await db.categories.get(BENCH_CATEGORY_ID))) {
    await seedRows(db, 'categories', [
      categoryRow({ id: BENCH_CATEGORY_ID, name: 'Bench', color: COLORS[0], ...benchStamp() }),
    ]);
  }
  await allowCategories(db, [BENCH_CATEGORY_ID]);
  return BENCH_CATEGORY_ID;
}

/**
 * A task with `entries` journal entries and `checklistItems` items, in the allowed bench
 * category unless another is given.
 */
export async function createBusyTask(
  db: CountersignDatabase,
  random: Random,
  label: string,
  size: { entries: number; checklistItems: number },
  categoryId: string = BENCH_CATEGORY_ID,
): Promise<Task> {
  const created = Date.now() - 60 * DAY_MS;
  const task = taskRow({
    title: `Bench wake task ${label}`,
    categoryId,
    ...benchStamp(created),
  });
  const step = (59 * DAY_MS) / Math.max(1, size.entries);
  const entries = Array.from({ length: size.entries }, (_, index) =>
    entryRow({
      taskId: task.id,
      text: entryText(random),
      ...benchStamp(created + DAY_MS + Math.round(index * step)),
    }),
  );
  const checklistItems = Array.from({ length: size.checklistItems }, (_, index) =>
    checklistItemRow({
      taskId: task.id,
      title: `${random.pick(CHECKLIST_TITLES)} (step ${index + 1})`,
      isChecked: index % 3 === 0,
      order: index + 1,
      ...(index % 3 === 0
        ? { checkedBy: 'user' as const, checkedAt: new Date(created + DAY_MS).toISOString() }
        : {}),
      ...benchStamp(created + DAY_MS),
    }),
  );
  await seedRows(db, 'tasks', [task]);
  await seedRows(db, 'entries', entries);
  await seedRows(db, 'checklistItems', checklistItems);
  return task;
}

/* Rows a floor writes directly (inside its timing, as any direct writer would build them). */

/** New checklist rows for `titles`, in order, as `deviceId` would write them now. */
export function checklistRows(
  taskId: string,
  titles: readonly string[],
  deviceId: string,
): ChecklistItem[] {
  const now = new Date().toISOString();
  return titles.map((title, order) =>
    checklistItemRow({ taskId, title, order: order + 1, ...stamp(now, 1, deviceId) }),
  );
}

/** `row` with `patch` applied as one more write by `deviceId`. */
export function changedRow(row: Task, patch: Partial<Task>, deviceId: string): Task {
  return {
    ...row,
    ...patch,
    updatedAt: new Date().toISOString(),
    rev: row.rev + 1,
    vectorClock: bumpClock(row.vectorClock, deviceId),
  };
}

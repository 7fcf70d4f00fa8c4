/**
 * Two tabs of the app share one IndexedDB: what one writes, the other shows at once,
 * without a reload (live queries hear other tabs' commits).
 */
import { expect, test } from '@playwright/test';
import { TaskListPage } from './pages/task-list-page';
import { TaskPage } from './pages/task-page';

const OFFSITE = { id: 'sample-task-offsite', title: 'Plan the team offsite' };

test('a rename, a new checklist item and a tick in one tab appear live in the other', async ({
  context,
}) => {
  // The first tab seeds the sample journal; the second opens once it is there.
  const first = new TaskPage(await context.newPage());
  await first.goto(OFFSITE.id);
  const second = new TaskListPage(await context.newPage());
  await second.goto();
  await expect(second.taskLink(OFFSITE.title)).toBeVisible();

  const renamed = 'Plan the team offsite by the lake';
  await first.enter(first.titleField, renamed);
  await expect(first.heading).toHaveText(renamed);
  await expect(second.taskLink(renamed)).toBeVisible();

  await second.openTask(renamed);
  const secondTask = new TaskPage(second.page);
  await expect(secondTask.titleField).toHaveValue(renamed);

  await first.addChecklistItem('Book the bus');
  await expect(secondTask.checkbox('Book the bus')).toBeVisible();
  await expect(secondTask.checklistItems).toHaveCount(3);

  await secondTask.checkbox('Book the bus').check();
  await expect(first.checkbox('Book the bus')).toBeChecked();

  await first.addEntry('The bus company answers within a day.');
  await expect(secondTask.entries.filter({ hasText: 'The bus company answers' })).toHaveCount(1);
});

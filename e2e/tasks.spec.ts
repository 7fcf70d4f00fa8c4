/**
 * The core journey on a tablet: create a task, give it a checklist (ticked by touch) and
 * a journal entry, and find all of it again after a reload. Then the refusals: what the
 * fields will not accept is refused where it was typed, and nothing of it is saved.
 */
import { expect, test } from '@playwright/test';
import { TaskListPage } from './pages/task-list-page';
import { TaskPage } from './pages/task-page';
import { tap } from './support/touch';

// The date field's segments (mm/dd/yyyy) depend on the locale; the refusal test types into them.
test.use({ locale: 'en-US' });

const OFFSITE = { id: 'sample-task-offsite', title: 'Plan the team offsite' };

test('a new task keeps its checklist, ticks made by touch and its journal entry across a reload', async ({
  page,
}) => {
  const list = new TaskListPage(page);
  const task = new TaskPage(page);
  const title = 'Renew the passport';
  const items = ['Find the old passport', 'Take a photo', 'Book an appointment'];
  const entry =
    'The office has appointments on Thursdays; the photo must be less than six months old.';

  await list.goto();
  await list.addTask(title);
  await expect(page.getByRole('status').filter({ hasText: `Added “${title}”` })).toBeVisible();
  await list.openTask(title);

  for (const item of items) await task.addChecklistItem(item);
  await expect(task.checklistItems).toHaveCount(3);

  // A finger on the checkbox, not a mouse click.
  await tap(page, task.checkbox(items[0]!));
  await expect(task.checkbox(items[0]!)).toBeChecked();
  await tap(page, task.checkbox(items[2]!));
  await expect(task.checkbox(items[2]!)).toBeChecked();
  await expect(task.checklist.getByText('2/3 done')).toBeVisible();

  await task.addEntry(entry);

  await page.reload();
  await expect(task.heading).toHaveText(title);
  await expect(task.titleField).toHaveValue(title);
  await expect(task.checklistItems).toHaveCount(3);
  await expect(task.checkbox(items[0]!)).toBeChecked();
  await expect(task.checkbox(items[1]!)).not.toBeChecked();
  await expect(task.checkbox(items[2]!)).toBeChecked();
  await expect(task.entries).toHaveCount(1);
  await expect(task.entries.first()).toContainText(entry);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }).click();
  await expect(list.taskLink(title)).toContainText('2/3');
});

test('quick create refuses an empty title and adds nothing', async ({ page }) => {
  const list = new TaskListPage(page);
  await list.goto();
  await expect(list.count).toHaveText('8 tasks');

  await page.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByRole('alert')).toHaveText('A title cannot be empty.');
  await expect(list.newTaskField).toBeFocused();
  await expect(list.newTaskField).toHaveAttribute('aria-invalid', 'true');

  await list.addTask('   ');
  await expect(page.getByRole('alert')).toHaveText('A title cannot be empty.');

  await page.reload();
  await expect(list.count).toHaveText('8 tasks');
});

test('the task fields refuse what they cannot keep, and a reload shows nothing half saved', async ({
  page,
}) => {
  const task = new TaskPage(page);
  await task.goto(OFFSITE.id);
  await expect(task.estimateField).toHaveValue('240');
  const dueDate = await task.dueDateField.inputValue();
  expect(dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  await task.enter(task.estimateField, '1441');
  await expect(page.getByRole('alert')).toContainText('at most 1440');
  await expect(task.estimateField).toHaveAttribute('aria-invalid', 'true');

  // The date field lets a person type 31 February; the page must refuse it, not clear the date.
  await task.dueDateField.focus();
  await page.keyboard.type('02312030');
  await task.dueDateField.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'does not exist' })).toBeVisible();
  await expect(task.dueDateField).toHaveAttribute('aria-invalid', 'true');

  await task.statusSelect.selectOption('BLOCKED');
  const reasonForm = page.getByRole('form', { name: 'Reason for BLOCKED' });
  await reasonForm.getByRole('button', { name: 'Set BLOCKED' }).click();
  await expect(reasonForm.getByRole('alert')).toHaveText(
    'Say why the task is BLOCKED; the reason is required.',
  );
  await expect(reasonForm.getByRole('textbox', { name: 'Why is it BLOCKED?' })).toBeFocused();

  await page.reload();
  await expect(task.estimateField).toHaveValue('240');
  await expect(task.dueDateField).toHaveValue(dueDate);
  await expect(task.statusSelect).toHaveValue('GROOMED');
  await expect(task.statusHistory).toHaveCount(2);
  await expect(task.statusHistory.filter({ hasText: 'BLOCKED' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('BLOCKED with a reason is saved and shows at the top of the status history', async ({
  page,
}) => {
  const task = new TaskPage(page);
  const reason = 'Waiting for the venue to confirm the date';
  await task.goto(OFFSITE.id);

  await task.statusSelect.selectOption('BLOCKED');
  const reasonForm = page.getByRole('form', { name: 'Reason for BLOCKED' });
  await reasonForm.getByRole('textbox', { name: 'Why is it BLOCKED?' }).fill(reason);
  await reasonForm.getByRole('button', { name: 'Set BLOCKED' }).click();

  await expect(reasonForm).toBeHidden();
  await expect(task.statusSelect).toHaveValue('BLOCKED');
  await expect(page.getByText(`Reason: ${reason}`)).toBeVisible();
  await expect(task.statusHistory).toHaveCount(3);
  await expect(task.statusHistory.first()).toContainText('BLOCKED');
  await expect(task.statusHistory.first()).toContainText(reason);
  await expect(task.statusHistory.first()).toContainText('by you');

  await page.reload();
  await expect(task.statusSelect).toHaveValue('BLOCKED');
  await expect(task.statusHistory.first()).toContainText(reason);
});

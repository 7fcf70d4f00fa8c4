/**
 * Edits made on task pages show up in the activity trail in words (who did what, and
 * "Applied"), with the tool and who made them behind Details, and the trail can be
 * narrowed to one task. The agent's wakes are e2e/activity-wake.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { ActivityPage } from './pages/activity-page';
import { TaskPage } from './pages/task-page';

const OFFSITE = { id: 'sample-task-offsite', title: 'Plan the team offsite' };
const LOGIN = { id: 'sample-task-login-bug', title: 'fix login' };

test('edits on task pages are listed in words with their outcome, details behind Details, and filter by task', async ({
  page,
}) => {
  const task = new TaskPage(page);
  await task.goto(OFFSITE.id);
  await task.enter(task.estimateField, '300');
  await expect(page.getByText('5 h', { exact: true })).toBeVisible();

  await task.goto(LOGIN.id);
  const cookie = 'Check the session cookie SameSite setting';
  await task.checkbox(cookie).check();
  await expect(task.checklist.getByText('2/2 done')).toBeVisible();

  const activity = new ActivityPage(page);
  await activity.open();
  const estimate = activity.entry('You set estimate to 300 minutes');
  await expect(estimate).toBeVisible();
  await expect(estimate).toContainText('Applied');
  await expect(activity.fact(estimate, 'Task')).toHaveText(OFFSITE.title);
  // The record is behind Details, not on the face of the card.
  await expect(estimate.getByText('update_task_estimate')).toBeHidden();
  await activity.openDetails(estimate);
  await expect(activity.fact(estimate, 'Tool')).toHaveText('update_task_estimate');
  await expect(activity.fact(estimate, 'By')).toHaveText('You');
  await expect(activity.fact(estimate, 'Operation')).toContainText(/^[0-9a-f]{64}/);
  const tick = activity.entry(`You checked off "${cookie}"`);
  await expect(tick).toContainText('Applied');
  await expect(activity.fact(tick, 'Task')).toHaveText(LOGIN.title);
  await activity.openDetails(tick);
  await expect(activity.fact(tick, 'Tool')).toHaveText('update_checklist_item');
  // Newest first; the sample journal's import is the oldest.
  await expect(activity.entries.first()).toHaveAccessibleName(`You checked off "${cookie}"`);
  await expect(activity.entries.last()).toHaveAccessibleName('You added the sample journal');

  await activity.taskFilter.selectOption({ label: OFFSITE.title });
  await expect(activity.entries).toHaveCount(1);
  await expect(estimate).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]task=${OFFSITE.id}`));

  await activity.taskFilter.selectOption({ label: LOGIN.title });
  await expect(activity.entries).toHaveCount(1);
  await expect(tick).toBeVisible();

  // The filter lives in the URL, so a reload keeps it.
  await page.reload();
  await expect(activity.taskFilter).toHaveValue(LOGIN.id);
  await expect(activity.entries).toHaveCount(1);

  await activity.sourceFilter.selectOption({ label: 'Agent' });
  await expect(page.getByRole('heading', { name: 'Nothing matches these filters' })).toBeVisible();
  await expect(activity.entries).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(activity.entries).toHaveCount(3);

  // Each card links to its task.
  await activity.fact(estimate, 'Task').getByRole('link', { name: OFFSITE.title }).click();
  await expect(task.estimateField).toHaveValue('300');
});

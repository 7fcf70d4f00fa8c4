/**
 * axe-core on every page, as it first opens on the tablet: no serious or critical
 * violations. Each page is scanned once its content is there, not while it is loading.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { TaskPage } from './pages/task-page';
import { openApp } from './support/app';

const PAGES = [
  { path: '/', heading: 'Tasks' },
  { path: '/tasks/sample-task-offsite', heading: 'Plan the team offsite' },
  { path: '/settings', heading: 'Settings' },
  { path: '/activity', heading: 'Activity' },
  { path: '/review', heading: 'Review' },
];

for (const { path, heading } of PAGES) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await openApp(page, path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeAttached();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
}

test('the task page with its forms open and its errors shown has no serious or critical violations', async ({
  page,
}) => {
  const task = new TaskPage(page);
  await task.goto('sample-task-offsite');
  await task.statusSelect.selectOption('ON HOLD');
  await page.getByRole('button', { name: 'Set ON HOLD' }).click();
  await task.enter(task.estimateField, '0');
  await task.checklist.getByRole('button', { name: 'Add item' }).click();
  await task.entries
    .first()
    .getByRole('button', { name: /^Edit entry/ })
    .click();
  await task.entries
    .last()
    .getByRole('button', { name: /^Delete entry/ })
    .click();
  await expect(page.getByRole('alert')).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);
});

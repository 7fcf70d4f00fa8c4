/**
 * axe-core on every page, as it first opens (the first screen with its welcome), on a tablet
 * in portrait and landscape and on a phone, in light and in dark: no serious or critical
 * violations. Each page is scanned once its content is there, not while it is loading. The
 * task page is also scanned with the demo agent's proposals on it.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { WAKE_TIMEOUT } from './pages/agent-panel';
import { ReviewCard } from './pages/review-card';
import { LOGIN_BUG } from './pages/review-setup';
import { TaskPage } from './pages/task-page';
import { openApp } from './support/app';
import { SIZES } from './support/sizes';

const PAGES = [
  { path: '/', heading: 'Tasks' },
  { path: '/tasks/sample-task-offsite', heading: 'Plan the team offsite' },
  { path: '/settings', heading: 'Settings' },
  { path: '/activity', heading: 'Activity' },
  { path: '/review', heading: 'Review' },
];

/** Scans what is on screen now, in light and then in dark. */
async function expectNoViolationsInEitherScheme(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousA11yViolations(page);
  }
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    for (const { path, heading } of PAGES) {
      test(`${path} has no serious or critical accessibility violations, light or dark`, async ({
        page,
      }) => {
        await openApp(page, path);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeAttached();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectNoViolationsInEitherScheme(page);
      });
    }

    test('a task page with the demo agent’s proposals has none either, light or dark', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await openApp(page, '/');
      await page.getByRole('button', { name: 'Try the demo agent' }).click();
      await expect(new ReviewCard(page).withCount(LOGIN_BUG.proposals)).toBeVisible({
        timeout: WAKE_TIMEOUT,
      });
      await expectNoViolationsInEitherScheme(page);
    });
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

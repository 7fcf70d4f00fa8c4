/**
 * Activity across two devices of one person (two browser contexts on one fresh journal of
 * the journeys' nats-server): a proposal made on the laptop and confirmed by a swipe on
 * the tablet reads "Confirmed on ‹the tablet›" in the laptop's Activity, with how it was
 * made, and the Source and Device filters find it or leave it out.
 */
import { expect, test, type Page } from '@playwright/test';
import { ReviewInboxPage } from './pages/review-inbox';
import { LOGIN_BUG, chooseDemoAgent, wakeAgent } from './pages/review-setup';
import { TaskPage } from './pages/task-page';
import { openApp } from './support/app';
import { closeDevices, twoDevices } from './support/sync-devices';
import { swipe } from './support/touch';

// Two devices, each set up through its screens, on two busy cores: a bound, not a hope.
test.describe.configure({ timeout: 120_000 });
test.afterEach(closeDevices);

/**
 * The tablet is named by its record (its kind and a few letters of its id), and the
 * proposal by the device whose agent made it: the laptop.
 */
const CONFIRMED_ON_TABLET =
  /^Confirmed on Tablet \w{4}: Set estimate to 120 minutes · proposed by the agent on .+$/;

async function proposeOn(page: Page) {
  await chooseDemoAgent(page);
  await new TaskPage(page).goto(LOGIN_BUG.id);
  await wakeAgent(page, LOGIN_BUG.proposals);
  await expect(page.getByRole('button', { name: 'Wake agent' })).toBeEnabled({ timeout: 15_000 });
}

test('a swipe on the tablet reads "Confirmed on ‹tablet›" in the laptop’s Activity', async ({
  browser,
}, testInfo) => {
  const { laptop, tablet } = await twoDevices(browser, testInfo);
  await proposeOn(laptop);

  const inbox = new ReviewInboxPage(tablet);
  await inbox.goto();
  const row = inbox.row(LOGIN_BUG.estimate);
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await swipe(tablet, row, 300);
  await expect(row).toHaveCount(0);

  await expect(new TaskPage(laptop).estimateField).toHaveValue('120', { timeout: 20_000 });
  await openApp(laptop, '/activity');
  const card = laptop.getByRole('article', { name: CONFIRMED_ON_TABLET });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(CONFIRMED_ON_TABLET);
  await expect(card).toContainText('Swiped');
  const tabletName = /^Confirmed on (.+?): /.exec(
    (await card.getByRole('heading', { level: 3 }).textContent()) ?? '',
  )?.[1];
  // Not also listed as a batch synced from another device.
  await expect(laptop.getByRole('heading', { name: /Set estimate to 120 minutes/ })).toHaveCount(1);

  await laptop
    .getByRole('combobox', { name: 'Source', exact: true })
    .selectOption({ label: 'Confirmed proposals' });
  await expect(card).toBeVisible();
  const device = laptop.getByRole('combobox', { name: 'Device', exact: true });
  await device.selectOption({ label: 'This device' });
  // The laptop confirmed nothing itself.
  await expect(
    laptop.getByRole('heading', { name: 'Nothing matches these filters' }),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
  await device.selectOption({ label: 'All devices' });
  await expect(card).toBeVisible();
  await device.selectOption({ label: tabletName! });
  await expect(card).toBeVisible();
});

/**
 * One change proposed on two devices waits once (decision 0016): the tablet is offline when
 * the laptop's agent proposes the login bug's changes, and the person asks the tablet's own
 * agent for the same task there. Back online, each device holds both wakes' proposals, and
 * each shows the changes once, with the Review badge saying so; confirming them on the
 * tablet empties both devices' Review.
 */
import { expect, test, type Page } from '@playwright/test';
import { ReviewCard } from './pages/review-card';
import { LOGIN_BUG, chooseDemoAgent, chooseDemoModel, wakeAgent } from './pages/review-setup';
import { TaskPage } from './pages/task-page';
import { storedRows } from './support/stored-rows';
import { closeDevices, twoDevices } from './support/sync-devices';

test.describe.configure({ timeout: 180_000 });
test.afterEach(closeDevices);

/** Wakes the demo agent on the login bug and waits for the wake to end. */
async function proposeOnLoginBug(page: Page) {
  await new TaskPage(page).goto(LOGIN_BUG.id);
  await wakeAgent(page, LOGIN_BUG.proposals);
  await expect(page.getByRole('button', { name: 'Wake agent' })).toBeEnabled({ timeout: 30_000 });
}

const reviewBadge = (page: Page, count: number) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('img', { name: `${count} pending` });

const loginBugItems = async (page: Page) =>
  (await storedRows<{ taskId: string }>(page, 'changeItems')).filter(
    (item) => item.taskId === LOGIN_BUG.id,
  ).length;

test('the same changes proposed on an offline tablet and on the laptop wait once on each, and are decided once', async ({
  browser,
}, testInfo) => {
  const { laptop, tablet } = await twoDevices(browser, testInfo);
  await chooseDemoAgent(laptop);
  await chooseDemoModel(tablet);
  // The categories the agent may act on are journal data: the tablet has them by sync.
  await expect(
    tablet
      .getByRole('group', { name: 'Categories the agent may act on' })
      .getByRole('checkbox', { name: 'Health', exact: true }),
  ).toBeChecked({ timeout: 30_000 });

  await tablet.context().setOffline(true);
  await proposeOnLoginBug(laptop);
  await proposeOnLoginBug(tablet);
  await tablet.context().setOffline(false);

  for (const device of [laptop, tablet]) {
    // Both wakes' proposals are stored here, and the card and the badge show them once.
    await expect
      .poll(() => loginBugItems(device), { timeout: 60_000 })
      .toBe(2 * LOGIN_BUG.proposals);
    await new TaskPage(device).goto(LOGIN_BUG.id);
    await expect(new ReviewCard(device).withCount(LOGIN_BUG.proposals)).toBeVisible();
    await expect(new ReviewCard(device).rows).toHaveCount(LOGIN_BUG.proposals);
    await expect(reviewBadge(device, LOGIN_BUG.proposals)).toBeAttached();
  }

  const card = new ReviewCard(tablet);
  await card.confirmAllButton.click();
  await expect(card.summary).toContainText(`Applied ${LOGIN_BUG.proposals}:`);
  for (const device of [tablet, laptop]) {
    await expect(new ReviewCard(device).rows).toHaveCount(0, { timeout: 30_000 });
    await expect(
      device.getByRole('navigation', { name: 'Main' }).getByRole('img', { name: /pending$/ }),
    ).not.toBeAttached();
  }
});

/**
 * You hear when there is something for you: the installed app's icon badge follows the
 * Review badge, and proposals made on another device while this one is in the background
 * raise a notification that opens their task. Headless Chromium accepts `setAppBadge` but
 * nothing can observe it, and shows no notification to tap, so both are spied on in the
 * page, and the tap is the notification's own click handler.
 */
import { expect, test, type Page } from '@playwright/test';
import { LOGIN_BUG, chooseDemoAgent, wakeAgent } from './pages/review-setup';
import { TaskPage } from './pages/task-page';
import { openApp } from './support/app';
import { closeDevices, twoDevices } from './support/sync-devices';

test.describe.configure({ timeout: 120_000 });
test.afterEach(closeDevices);

interface Spied {
  badges: number[];
  notices: { title: string; body?: string; tag?: string }[];
}

/** Replaces the badge and notification APIs with recorders (permission: granted). */
async function spyOnSignals(page: Page) {
  await page.evaluate(() => {
    const spied: Spied = { badges: [], notices: [] };
    const shown: { onclick: (() => void) | null }[] = [];
    Object.assign(window, { __spied: spied, __shown: shown });
    Object.assign(navigator, {
      setAppBadge: async (count?: number) => void spied.badges.push(count ?? 0),
      clearAppBadge: async () => void spied.badges.push(0),
    });
    class RecordingNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body?: string; tag?: string } = {}) {
        spied.notices.push({ title, body: options.body, tag: options.tag });
        shown.push(this);
      }
      close() {}
    }
    Object.assign(window, { Notification: RecordingNotification });
  });
}

const spied = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spied: Spied }).__spied);

/** The page as the browser reports it once the person switched to another app. */
const goToBackground = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

test('proposals made on the laptop badge the tablet’s icon and notify it in the background; the tap opens the task', async ({
  browser,
}, testInfo) => {
  const { laptop, tablet } = await twoDevices(browser, testInfo);
  await tablet.context().grantPermissions(['notifications']);
  await openApp(tablet, '/settings#notifications');
  await spyOnSignals(tablet);
  const optIn = tablet.getByRole('checkbox', {
    name: 'Tell me when proposals arrive from another device',
  });
  // The box shows the stored setting: it turns checked once the setting is written.
  await optIn.click();
  await expect(optIn).toBeChecked();
  await goToBackground(tablet);

  await chooseDemoAgent(laptop);
  await new TaskPage(laptop).goto(LOGIN_BUG.id);
  await wakeAgent(laptop, LOGIN_BUG.proposals);

  // The tablet's Review badge and its icon's badge say the same number.
  const badge = tablet.getByRole('navigation', { name: 'Main' }).getByRole('img', {
    name: `${LOGIN_BUG.proposals} pending`,
  });
  await expect(badge).toBeAttached({ timeout: 30_000 });
  await expect.poll(async () => (await spied(tablet)).badges.at(-1)).toBe(LOGIN_BUG.proposals);

  await expect.poll(async () => (await spied(tablet)).notices.length, { timeout: 15_000 }).toBe(1);
  const [notice] = (await spied(tablet)).notices;
  expect(notice).toMatchObject({
    title: `${LOGIN_BUG.proposals} changes to review`,
    body: `Proposed for “${LOGIN_BUG.title}”. Tap to review.`,
  });

  // The tap opens the task, with its proposals.
  await tablet.evaluate(() =>
    (window as unknown as { __shown: { onclick: () => void }[] }).__shown[0]!.onclick(),
  );
  await expect(tablet).toHaveURL(new RegExp(`/tasks/${LOGIN_BUG.id}$`));
  await expect(
    tablet.getByRole('heading', { name: `Proposed changes (${LOGIN_BUG.proposals})` }),
  ).toBeVisible();
});

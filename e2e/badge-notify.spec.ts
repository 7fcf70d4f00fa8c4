/**
 * You hear when there is something for you: the installed app's icon badge follows the
 * Review badge, and proposals made on another device while this one is in the background
 * raise a notification, shown by the service worker, that opens their task. Headless
 * Chromium accepts `setAppBadge` but nothing can observe it, so the badge is spied on in
 * the page; the notification is real (permission granted to the context, read back with
 * getNotifications), and the tap is simulated in the worker: a notificationclick event
 * carrying that notification, which the worker's own handler answers.
 */
import { expect, test, type Page } from '@playwright/test';
import { ReviewCard } from './pages/review-card';
import { LOGIN_BUG, chooseDemoAgent, wakeAgent } from './pages/review-setup';
import { TaskPage } from './pages/task-page';
import { openApp, waitForServiceWorker } from './support/app';
import { closeDevices, twoDevices } from './support/sync-devices';

test.describe.configure({ timeout: 120_000 });
test.afterEach(closeDevices);

/** Records every number the app writes on its icon (0 for a cleared badge). */
async function spyOnBadge(page: Page) {
  await page.evaluate(() => {
    const badges: number[] = [];
    Object.assign(window, { __badges: badges });
    Object.assign(navigator, {
      setAppBadge: async (count?: number) => void badges.push(count ?? 0),
      clearAppBadge: async () => void badges.push(0),
    });
  });
}

const lastBadge = (page: Page) =>
  page.evaluate(() => (window as unknown as { __badges: number[] }).__badges.at(-1));

/** The notifications the system holds for the app, as its service worker showed them. */
const notifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(({ title, body, tag, data }) => ({
      title,
      body,
      tag,
      data: data as unknown,
    }));
  });

/** The page as the browser reports it once the person switched to another app. */
const goToBackground = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
}

test('proposals made on the laptop badge the tablet’s icon and notify it in the background; the tap opens the task, and deciding clears both badges', async ({
  browser,
}, testInfo) => {
  const { laptop, tablet } = await twoDevices(browser, testInfo);
  await tablet.context().grantPermissions(['notifications']);
  await openApp(tablet, '/settings#notifications');
  // An active worker: the notification is the worker's, as on an installed app.
  await waitForServiceWorker(tablet);
  await spyOnBadge(tablet);
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
  const reviewBadge = tablet.getByRole('navigation', { name: 'Main' }).getByRole('img', {
    name: `${LOGIN_BUG.proposals} pending`,
  });
  await expect(reviewBadge).toBeAttached({ timeout: 30_000 });
  await expect.poll(() => lastBadge(tablet)).toBe(LOGIN_BUG.proposals);

  await expect
    .poll(() => notifications(tablet), { timeout: 15_000 })
    .toEqual([
      {
        title: `${LOGIN_BUG.proposals} changes to review`,
        body: `Proposed for “${LOGIN_BUG.title}”. Tap to review.`,
        tag: expect.stringMatching(/^proposals-/) as unknown as string,
        data: { path: `/tasks/${LOGIN_BUG.id}` },
      },
    ]);

  // The tap, as the system delivers it to the worker; the open page opens the task.
  const [worker] = tablet.context().serviceWorkers();
  await worker!.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(
      new scope.NotificationEvent('notificationclick', { notification: notification! }),
    );
  });
  await expect(tablet).toHaveURL(new RegExp(`/tasks/${LOGIN_BUG.id}$`));
  const card = new ReviewCard(tablet);
  await expect(card.withCount(LOGIN_BUG.proposals)).toBeVisible();
  await expect.poll(() => notifications(tablet)).toEqual([]);

  // Deciding them empties the Review badge and the icon's badge together.
  await card.confirmAllButton.click();
  await expect(card.summary).toContainText(`Applied ${LOGIN_BUG.proposals}:`);
  await expect(card.rows).toHaveCount(0);
  await expect(reviewBadge).not.toBeAttached();
  await expect.poll(() => lastBadge(tablet)).toBe(0);
});

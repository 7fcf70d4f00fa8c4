/** Journey helpers: open the app the way a person does and wait until the journal is there. */
import { expect, type Page } from '@playwright/test';

export async function openApp(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/**
 * Waits until the service worker controls the page, so an offline reload is served from
 * cache. The worker does not claim pages that were open before it installed (no
 * `clientsClaim`: it waits to be asked, see update-prompt.tsx), so on a first visit it
 * controls the page only from the next load on; reload once, as a person's second visit.
 */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!(await controlled())) {
    await page.reload();
    await expect.poll(controlled).toBe(true);
  }
}

/** Journey helpers: open the app the way a person does and wait until the journal is there. */
import { expect, type Page } from '@playwright/test';

export async function openApp(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** Waits until the service worker controls the page, so an offline reload is served from cache. */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

import { expect, test } from '@playwright/test';
import { openApp, waitForServiceWorker } from './support/app';

test.describe('installable PWA', () => {
  test('has a manifest with a name, standalone display and 192, 512 and maskable icons', async ({
    page,
    request,
  }) => {
    await openApp(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = await (await request.get(href!)).json();
    expect(manifest).toMatchObject({ name: 'Countersign', display: 'standalone', start_url: '/' });
    expect(manifest.theme_color).toMatch(/^#/);
    const sizes = manifest.icons.map(
      (icon: { sizes: string; purpose?: string }) =>
        `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']));
    for (const icon of manifest.icons as { src: string }[]) {
      const response = await request.get(icon.src);
      expect(response.ok(), icon.src).toBe(true);
      expect(response.headers()['content-type']).toContain('image/png');
    }
  });

  test('opens offline after the first visit, with the journal still there', async ({
    page,
    context,
  }) => {
    await openApp(page);
    await expect(page.getByText('Plan the team offsite')).toBeVisible();
    // Said to screen readers once the worker has cached the app, and gone by itself; no
    // toast covers the top of the page on the first visit.
    const offlineReady = page
      .getByRole('status')
      .filter({ hasText: 'Countersign is ready to work offline.' });
    await expect(offlineReady).toHaveCount(1, { timeout: 15_000 });
    await expect(page.locator('.toast')).toHaveCount(0);
    await expect(offlineReady).toHaveCount(0, { timeout: 10_000 });
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByText('Plan the team offsite')).toBeVisible();
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByText(/^Works offline: the app is saved on this device/)).toBeVisible();
    await context.setOffline(false);
  });
});

// The browser the figures come from: Chromium with a real on-disk profile. A persistent
// context matters here: Playwright's ordinary contexts are incognito-like and keep
// IndexedDB in memory, which would make every write look cheaper than it is for a user.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../find-chromium.mjs';

// The device the e2e journeys use (playwright.config.ts): the app is built for tablets.
const TABLET = devices['Galaxy Tab S4'];

export async function launchBrowser({ baseUrl }) {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error("No Chromium found. Install Debian's chromium or set CHROME_PATH.");
  }
  const profileDir = await mkdtemp(join(tmpdir(), 'countersign-bench-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    args: CHROMIUM_ARGS,
    headless: true,
    baseURL: baseUrl,
    viewport: { width: 820, height: 1180 },
    deviceScaleFactor: TABLET.deviceScaleFactor,
    isMobile: TABLET.isMobile,
    hasTouch: TABLET.hasTouch,
    userAgent: TABLET.userAgent,
    // The PWA's service worker would precache in the background while we measure and
    // could answer navigations from a stale cache; the figures are about the app itself.
    serviceWorkers: 'block',
  });
  const version = await chromiumVersion(context);
  return {
    context,
    executablePath,
    version,
    close: async () => {
      await context.close();
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}

/** Asked over the DevTools protocol: the user agent is the emulated tablet's, not the real version. */
async function chromiumVersion(context) {
  const page = await context.newPage();
  try {
    const session = await context.newCDPSession(page);
    const { product } = await session.send('Browser.getVersion');
    return product;
  } finally {
    await page.close();
  }
}

/**
 * Opens the app on a route that renders almost nothing (the not-found page), so the write
 * measurements do not share the main thread with a live-updating list of thousands of tasks,
 * and waits for the storage gate and the bench hooks.
 */
export async function openQuietAppPage(context) {
  const page = await context.newPage();
  await page.goto('/bench-quiet-page');
  await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => window.__countersignBench !== undefined, null, {
    timeout: 10_000,
  });
  return page;
}

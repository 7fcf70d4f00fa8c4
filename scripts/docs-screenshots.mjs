/**
 * `node scripts/docs-screenshots.mjs [baseUrl]`: the README's screenshots (docs/screenshots/),
 * taken against a served build (`npm run build && npx vite preview`): the first screen, the
 * task page after the demo agent's wake, and the Review inbox, on a tablet in portrait and in
 * landscape and on a phone. At a device scale of 1, to keep the files small.
 */
import { chromium, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './find-chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173';
const out = new URL('../docs/screenshots/', import.meta.url).pathname;
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
const SIZES = {
  portrait: { ...devices['Galaxy Tab S4'], viewport: { width: 820, height: 1180 } },
  landscape: { ...devices['Galaxy Tab S4'], viewport: { width: 1180, height: 820 } },
  phone: pixel7,
};

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const [name, device] of Object.entries(SIZES)) {
    const context = await browser.newContext({
      ...device,
      deviceScaleFactor: 1,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    const tryDemo = page.getByRole('button', { name: 'Try the demo agent' });
    await tryDemo.waitFor();
    await page.screenshot({ path: `${out}welcome-${name}.png` });
    await tryDemo.click();
    await page.getByRole('region', { name: /^Proposed changes \(\d+\)$/ }).waitFor({
      timeout: 30_000,
    });
    await page.waitForTimeout(1_000);
    await page.screenshot({ path: `${out}proposals-${name}.png` });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Review/ })
      .click();
    await page.getByRole('heading', { name: 'Review', level: 1 }).waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}inbox-${name}.png` });
    await context.close();
  }
} finally {
  await browser.close();
}

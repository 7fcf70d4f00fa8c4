// Finds a Chromium to drive: $CHROME_PATH, then the usual system installs. Returns
// undefined to let Playwright use its own downloaded browser, where a developer has one.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { installDebianPackage, isExecutable } from './install-debian-package.mjs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export function findChromium() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return CANDIDATES.find((path) => isExecutable(path));
}

export const CHROMIUM_MISSING =
  "No Chromium found for the journeys: install Debian's `chromium` (sudo apt-get install -y chromium), run `npx playwright install chromium`, or set CHROME_PATH to a Chrome or Chromium.";

// The browser itself, not its cache folder: a download that failed offline leaves the
// folder behind without a browser in it.
export function hasPlaywrightBrowser() {
  return existsSync(chromium.executablePath());
}

/**
 * A browser for the journeys, found or installed as nats-server is: Debian's package when
 * root on Debian, then Playwright's own download where the network allows it. False (and
 * the one line that says what to install) when neither works.
 */
export function ensureChromium() {
  if (findChromium() || hasPlaywrightBrowser()) return true;
  if (installDebianPackage('chromium', { quiet: true }) && findChromium()) return true;
  console.log('No Chromium found: trying `npx playwright install chromium`…');
  const download = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'ignore' });
  if (download.status === 0 && hasPlaywrightBrowser()) return true;
  console.log(CHROMIUM_MISSING);
  return false;
}

/** Flags that keep Chromium quiet on a machine without internet (docs/decisions/0008-toolchain.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

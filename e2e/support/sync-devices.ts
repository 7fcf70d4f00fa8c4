/**
 * Two devices of one person in one journey: two browser contexts (their own IndexedDB,
 * their own device id) on the emulated tablet, each connected in Settings → Sync to a
 * journal of its own on the journeys' nats-server (e2e/support/sync-server.mjs).
 */
import {
  devices,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { SYNC_LEASE_PORT } from '../../playwright.config';
import { SyncSettings } from '../pages/sync-settings';
import { openApp } from './app';

export interface SyncJournal {
  url: string;
  user: string;
  password: string;
}

/** A journal no other journey (or run) uses. Fails with what to install when nats-server is missing. */
export async function leaseJournal(): Promise<SyncJournal> {
  const response = await fetch(`http://127.0.0.1:${SYNC_LEASE_PORT}/lease`);
  const lease = (await response.json()) as { ok: boolean; error?: string } & Partial<SyncJournal>;
  if (!lease.ok) throw new Error(`The sync journeys need a sync server: ${lease.error}`);
  return { url: lease.url!, user: lease.user!, password: lease.password! };
}

const openContexts = new Set<BrowserContext>();

/** Closes the devices a journey opened (call it in afterEach). */
export async function closeDevices(): Promise<void> {
  await Promise.all([...openContexts].map((context) => context.close()));
  openContexts.clear();
}

/** A new device (browser context) with the app open, as the project's tablet. */
export async function newDevice(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    ...devices['Galaxy Tab S4'],
    viewport: { width: 820, height: 1180 },
    baseURL: testInfo.project.use.baseURL,
  });
  openContexts.add(context);
  const page = await context.newPage();
  await openApp(page);
  // The sample journal is seeded on first open; wait for it before syncing.
  await expect(page.getByRole('link', { name: /fix login/i }).first()).toBeVisible();
  return page;
}

/** Two devices of one person, both connected to one fresh journal. */
export async function twoDevices(browser: Browser, testInfo: TestInfo) {
  const journal = await leaseJournal();
  const laptop = await newDevice(browser, testInfo);
  const tablet = await newDevice(browser, testInfo);
  await new SyncSettings(laptop).connect(journal);
  await new SyncSettings(tablet).connect(journal);
  return { journal, laptop, tablet };
}

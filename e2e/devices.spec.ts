/**
 * Settings → Sync → Devices with two devices of one person on the journeys' nats-server:
 * both appear in the list with their names, a rename on one reaches the other, and the
 * device the laptop removes says so in words and stops. Screenshots of the list and the
 * removed device at the three sizes.
 */
import { expect, test, type Page } from '@playwright/test';
import { SyncSettings } from './pages/sync-settings';
import { closeDevices, twoDevices } from './support/sync-devices';

test.describe.configure({ timeout: 180_000 });
test.afterEach(closeDevices);

/**
 * The same journal key on both devices. Until Settings → Sync can encrypt a journal (a
 * colleague's change), the journey writes it where the app keeps it, with the raw
 * IndexedDB API; from then on the app seals every push under it.
 */
async function shareJournalKey(pages: Page[]) {
  const secret = Array.from(crypto.getRandomValues(new Uint8Array(32)));
  for (const page of pages) {
    await page.evaluate(async (bytes) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('countersign-device-keys');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        await new Promise<void>((resolve, reject) => {
          const transaction = db.transaction('journalKeys', 'readwrite');
          transaction.objectStore('journalKeys').put({
            id: 'journal',
            secrets: [new Uint8Array(bytes)],
            announced: [],
            updatedAt: new Date().toISOString(),
          });
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
        });
      } finally {
        db.close();
      }
    }, secret);
  }
}

const deviceList = (page: Page) =>
  new SyncSettings(page).section.getByRole('region', { name: 'Devices' });

const deviceRow = (page: Page, name: string) =>
  deviceList(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

async function shoot(page: Page, name: string, what = deviceList(page)) {
  for (const [size, viewport] of [
    ['820x1180', { width: 820, height: 1180 }],
    ['1180x820', { width: 1180, height: 820 }],
    ['412x915', { width: 412, height: 915 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await what.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${size}.png`) });
  }
  await page.setViewportSize({ width: 820, height: 1180 });
}

test('two devices list each other, a rename syncs, and a removed device says so', async ({
  browser,
}, testInfo) => {
  const { laptop, tablet } = await twoDevices(browser, testInfo);
  await shareJournalKey([laptop, tablet]);

  for (const page of [laptop, tablet]) {
    await expect(deviceList(page).getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
    await expect(deviceList(page).getByText('This device')).toHaveCount(1);
  }

  const laptopSelf = deviceList(laptop)
    .getByRole('listitem')
    .filter({ has: laptop.getByText('This device') });
  await laptopSelf.getByRole('button', { name: /^Rename / }).click();
  const nameField = laptopSelf.getByRole('textbox', { name: /^New name for / });
  await nameField.fill('Laptop');
  await laptopSelf.getByRole('button', { name: 'Save name' }).click();
  await expect(deviceRow(tablet, 'Laptop')).toBeVisible({ timeout: 20_000 });

  const tabletSelf = deviceList(tablet)
    .getByRole('listitem')
    .filter({ has: tablet.getByText('This device') });
  await tabletSelf.getByRole('button', { name: /^Rename / }).click();
  await tabletSelf.getByRole('textbox', { name: /^New name for / }).fill('Kitchen tablet');
  await tabletSelf.getByRole('button', { name: 'Save name' }).click();
  await expect(deviceRow(laptop, 'Kitchen tablet')).toBeVisible({ timeout: 20_000 });
  await shoot(laptop, 'devices-list');

  const kitchen = deviceRow(laptop, 'Kitchen tablet');
  await kitchen.getByRole('button', { name: 'Remove Kitchen tablet…' }).click();
  const confirm = kitchen.getByRole('group', { name: 'Remove Kitchen tablet' });
  await expect(confirm).toContainText('can read nothing written from now on');
  await shoot(laptop, 'devices-remove-confirm');
  await confirm.getByRole('button', { name: 'Remove Kitchen tablet' }).click();
  await expect(deviceList(laptop)).toContainText('Kitchen tablet was removed.', {
    timeout: 20_000,
  });
  await expect(kitchen).toContainText(/Removed .* by Laptop\./);

  const tabletSync = new SyncSettings(tablet);
  await expect(tabletSync.section).toContainText(
    /This device was removed from the journal on .+ by Laptop\./,
    { timeout: 20_000 },
  );
  await expect(tabletSync.section).toContainText('join with a code');
  await expect(tabletSync.indicator).toHaveAccessibleName(/removed from the journal/);
  await shoot(tablet, 'devices-removed', tabletSync.section.getByText(/This device was removed/));
});

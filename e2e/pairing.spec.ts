/**
 * Private sync, turned on and shared the way a person does it, against a real nats-server:
 * the laptop encrypts its journal and shows a code; a tablet joins by scanning it with the
 * camera (a second Chromium whose fake camera plays a .y4m of the rendered code), by
 * opening the link, or by pasting it, and shows the same key words and the laptop's tasks.
 * A code works once; a code that is not ours is refused in words; a new device recovers
 * the journal from the recovery phrase.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';
import { PrivateSync, touch } from './pages/private-sync';
import { SyncSettings } from './pages/sync-settings';
import { TaskListPage } from './pages/task-list-page';
import { closeDevices, leaseJournal, newDevice, type SyncJournal } from './support/sync-devices';
import { qrY4m } from './support/y4m';

test.describe.configure({ timeout: 120_000 });
test.afterEach(closeDevices);

const cameras: Browser[] = [];
test.afterEach(async () => {
  await Promise.all(cameras.splice(0).map((browser) => browser.close()));
});

/** The laptop: synced to a fresh journal, a task only it has, then encrypted. */
async function encryptedLaptop(browser: Browser, testInfo: TestInfo) {
  const journal = await leaseJournal();
  const laptop = await newDevice(browser, testInfo);
  await new SyncSettings(laptop).connect(journal);
  const title = `Only on the laptop ${testInfo.testId.slice(0, 6)}`;
  const list = new TaskListPage(laptop);
  await list.goto();
  await list.addTask(title);
  await expect(list.taskLink(title)).toBeVisible();
  const fingerprint = await new PrivateSync(laptop).encrypt();
  return { journal, laptop, title, fingerprint };
}

/** A Chromium whose camera shows `link` as a QR code. */
async function browserFilming(link: string, testInfo: TestInfo): Promise<Browser> {
  const file = join(mkdtempSync(join(tmpdir(), 'countersign-camera-')), 'code.y4m');
  writeFileSync(file, qrY4m(link));
  await testInfo.attach('camera.y4m', { path: file, contentType: 'video/x-yuv' }).catch(() => {});
  const camera = await chromium.launch({
    executablePath: findChromium(),
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ],
  });
  cameras.push(camera);
  return camera;
}

async function expectTask(page: Page, title: string) {
  const list = new TaskListPage(page);
  await list.goto();
  await expect(list.taskLink(title)).toBeVisible({ timeout: 30_000 });
}

test('a tablet joins by scanning the laptop’s code with its camera; the code works once', async ({
  browser,
}, testInfo) => {
  const { laptop, title, fingerprint } = await encryptedLaptop(browser, testInfo);
  const link = await new PrivateSync(laptop).showCode();
  expect(link).toMatch(/\/settings#join=[A-Za-z0-9_-]+$/);

  const tablet = await newDevice(await browserFilming(link, testInfo), testInfo);
  await tablet.context().grantPermissions(['camera']);
  const welcome = tablet.getByRole('region', { name: 'Welcome to Countersign' });
  await touch(tablet, welcome.getByRole('button', { name: 'Join with a code' }));
  await touch(tablet, welcome.getByRole('button', { name: 'Scan the code with the camera' }));
  await expect(welcome.getByText(/This device joined the journal/)).toBeVisible({
    timeout: 30_000,
  });
  expect(await new PrivateSync(tablet).fingerprint(welcome)).toBe(fingerprint);
  await expect(new PrivateSync(laptop).section.getByText(/joined this journal/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(new PrivateSync(laptop).section.getByText(/joined this journal/)).toContainText(
    fingerprint,
  );
  await expectTask(tablet, title);
  await new PrivateSync(tablet).settings.open();
  expect(await new PrivateSync(tablet).fingerprint(new PrivateSync(tablet).section)).toBe(
    fingerprint,
  );

  // The same code on a third device: refused in words, nothing kept.
  const third = new PrivateSync(await newDevice(browser, testInfo));
  await third.openJoin();
  await third.paste(link);
  await expect(third.section.getByRole('alert')).toContainText(/already used by another device/, {
    timeout: 15_000,
  });
  await expect(third.section.getByText(/This journal is encrypted/)).toHaveCount(0);
});

test('a tablet joins by opening the link, which leaves the address bar at once', async ({
  browser,
}, testInfo) => {
  const { laptop, title, fingerprint } = await encryptedLaptop(browser, testInfo);
  const link = await new PrivateSync(laptop).showCode();
  const tablet = new PrivateSync(await newDevice(browser, testInfo));
  await tablet.page.goto(link);
  await expect(tablet.section).toBeVisible();
  expect(tablet.page.url()).not.toContain('#join');
  await touch(tablet.page, tablet.button('Join with this code', tablet.section));
  await expect(tablet.joinedNotice()).toBeVisible({ timeout: 30_000 });
  expect(await tablet.fingerprint(tablet.section)).toBe(fingerprint);
  await expectTask(tablet.page, title);
});

test('pasting: a code that is not ours is refused in words, the laptop’s code joins', async ({
  browser,
}, testInfo) => {
  const { laptop, title, fingerprint } = await encryptedLaptop(browser, testInfo);
  const link = await new PrivateSync(laptop).showCode();
  const tablet = new PrivateSync(await newDevice(browser, testInfo));
  await tablet.openJoin();
  await tablet.paste('https://example.org/#join=bm90IGEgY29kZQ');
  await expect(tablet.section.getByRole('alert')).toContainText(
    'This is not a Countersign join code.',
  );
  await tablet.paste(link.split('#join=')[1]!);
  await expect(tablet.joinedNotice()).toBeVisible({ timeout: 30_000 });
  expect(await tablet.fingerprint(tablet.section)).toBe(fingerprint);
  await expectTask(tablet.page, title);
});

test('a new device recovers the journal from the recovery phrase', async ({
  browser,
}, testInfo) => {
  const { journal, laptop, title, fingerprint } = await encryptedLaptop(browser, testInfo);
  const words = await recoveryPhraseOn(laptop);
  const fresh = new PrivateSync(await newDevice(browser, testInfo));
  await fresh.openJoin();
  await touch(fresh.page, fresh.button(/Use the recovery phrase/, fresh.section));
  const form = fresh.section.getByRole('form', { name: 'Recover with the recovery phrase' });
  await fillServer(form, journal);
  const phrase = form.getByRole('textbox', { name: /Recovery phrase/ });
  await phrase.fill(['wrongword', ...words.slice(1)].join(' '));
  await touch(fresh.page, form.getByRole('button', { name: 'Recover this journal' }));
  await expect(form.getByRole('alert')).toContainText(/word 1/i);
  await phrase.fill(words.join(' '));
  await touch(fresh.page, form.getByRole('button', { name: 'Recover this journal' }));
  await expect(fresh.section.getByText(/recovered the journal/)).toContainText(fingerprint, {
    timeout: 30_000,
  });
  await expectTask(fresh.page, title);
});

async function recoveryPhraseOn(laptop: Page): Promise<string[]> {
  const laptopSync = new PrivateSync(laptop);
  await touch(laptop, laptopSync.button('Recovery phrase', laptopSync.section));
  await expect(laptopSync.section.getByText(/cannot be\s+recovered by anyone/)).toBeVisible();
  await touch(laptop, laptopSync.button('Show the recovery phrase', laptopSync.section));
  const list = laptopSync.section.getByRole('list', { name: 'Recovery phrase, 24 words' });
  const words = await list.getByRole('listitem').allTextContents();
  expect(words).toHaveLength(24);
  await touch(laptop, laptopSync.button('I have written it down', laptopSync.section));
  return words;
}

async function fillServer(form: ReturnType<Page['getByRole']>, journal: SyncJournal) {
  await form.getByRole('textbox', { name: 'Server address' }).fill(journal.url);
  await form.getByRole('textbox', { name: 'User name' }).fill(journal.user);
  await form.getByRole('textbox', { name: 'Password' }).fill(journal.password);
}

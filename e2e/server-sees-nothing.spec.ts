/**
 * The server sees nothing readable (docs/decisions/0010), as a person does it: two tablets on the
 * journeys' real nats-server, the first encrypts the journal in Settings → Sync, then the
 * journey goes by touch (a title, an entry, a wake of the demo agent with its report, a
 * confirmation with an edit and a rejection with a reason on the other tablet). Then Node
 * reads every message of the journal's stream raw, bodies and headers, and none of the
 * journal's strings is in any of them.
 *
 * The sample journal each tablet pushed plain when it connected, before the encryption,
 * is left out. Settings does not offer Add a device yet, so the second tablet is handed the journal
 * key the way a join leaves it (the secret in its own key store); everything else is the
 * app's own path.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SYNC_LEASE_PORT } from '../playwright.config';
import { readable, rawStream } from '../test/sync/raw-stream';
import { ReviewInboxPage } from './pages/review-inbox';
import { LOGIN_BUG, chooseDemoAgent } from './pages/review-setup';
import { SyncSettings } from './pages/sync-settings';
import { TaskPage } from './pages/task-page';
import { closeDevices, twoDevices } from './support/sync-devices';
import { storedRows } from './support/stored-rows';
import { swipe, tap } from './support/touch';

test.describe.configure({ timeout: 180_000 });
test.afterEach(closeDevices);

const TITLE = 'Call the plumber about the boiler';
const ENTRY = 'The boiler hisses whenever the heating starts';
const REASON = 'Not now';

/** The journal's strings and the wire format's names: none may reach the server readable. */
const WORDS = [
  TITLE,
  ENTRY,
  LOGIN_BUG.proposedTitle,
  ...LOGIN_BUG.newItems,
  'Safari drops the session cookie',
  'Blocks the release on Friday',
  'update_task_estimate',
  'estimateMinutes',
  'oneLiner',
  'appliedArgs',
  'rejectionReason',
  'confirmed',
  'rejected',
  'title',
];

/** A finger's tap on `target`, scrolled into view first as a person would. */
async function tapInView(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await tap(page, target);
}

const DEVICE_KEYS_DATABASE = 'countersign-device-keys';

/** The journal key ring as `page` keeps it: its device key store's one row. */
function journalKeysRow(page: Page) {
  return page.evaluate(
    (name) =>
      new Promise<{ secrets: number[][]; announced: string[] } | undefined>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const get = db.transaction('journalKeys').objectStore('journalKeys').get('journal');
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            db.close();
            const row = get.result as { secrets: Uint8Array[]; announced: string[] } | undefined;
            resolve(
              row && {
                secrets: row.secrets.map((secret) => [...secret]),
                announced: row.announced,
              },
            );
          };
        };
      }),
    DEVICE_KEYS_DATABASE,
  );
}

/** What a join leaves on the new device: the journal's secrets in its own key store. */
async function handKey(from: Page, to: Page) {
  const row = await journalKeysRow(from);
  expect(row?.secrets).toHaveLength(1);
  await to.evaluate(
    ({ name, secrets }) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const transaction = db.transaction('journalKeys', 'readwrite');
          transaction.objectStore('journalKeys').put({
            id: 'journal',
            secrets: secrets.map((secret) => new Uint8Array(secret)),
            announced: [],
            updatedAt: new Date().toISOString(),
          });
          transaction.oncomplete = () => {
            db.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    { name: DEVICE_KEYS_DATABASE, secrets: row!.secrets },
  );
}

test('an encrypted journal: the server holds nothing readable of a two-tablet journey', async ({
  browser,
}, testInfo) => {
  const { journal, laptop, tablet } = await twoDevices(browser, testInfo);
  const serverUrl = `nats://127.0.0.1:${SYNC_LEASE_PORT - 2}`;
  // Each tablet pushed its sample journal plain when it connected: the proof starts after.
  await expect
    .poll(async () => (await storedRows(laptop, 'outbox')).length, { timeout: 30_000 })
    .toBe(0);
  await expect
    .poll(async () => (await storedRows(tablet, 'outbox')).length, { timeout: 30_000 })
    .toBe(0);
  const plainBefore = (await rawStream(serverUrl, journal)).length;

  const laptopSync = new SyncSettings(laptop);
  await laptopSync.open();
  await tapInView(laptop, laptopSync.section.getByRole('button', { name: 'Encrypt this journal' }));
  await expect(laptopSync.section.getByText(/^This journal is encrypted/)).toBeVisible({
    timeout: 20_000,
  });
  await handKey(laptop, tablet);

  // On the laptop: a new title, an entry, and the demo agent's proposals and report.
  const task = new TaskPage(laptop);
  await task.goto(LOGIN_BUG.id);
  await task.enter(task.titleField, TITLE);
  await expect(task.heading).toHaveText(TITLE);
  await task.addEntry(ENTRY);
  await chooseDemoAgent(laptop);
  await task.goto(LOGIN_BUG.id);
  await laptop.getByRole('button', { name: 'Wake agent' }).click();
  // The worker starts slowly on a busy machine: a bound, not a hope.
  await expect(
    laptop.getByRole('region', { name: `Proposed changes (${LOGIN_BUG.proposals})` }),
  ).toBeVisible({ timeout: 60_000 });
  await expect(laptop.getByRole('button', { name: 'Wake agent' })).toBeEnabled({
    timeout: 60_000,
  });

  // On the tablet: the title arrived; the estimate confirmed with an edit, by touch, and
  // another proposal rejected with a reason by a swipe.
  const tabletTask = new TaskPage(tablet);
  await tabletTask.goto(LOGIN_BUG.id);
  await expect(tabletTask.heading).toHaveText(TITLE, { timeout: 30_000 });
  const inbox = new ReviewInboxPage(tablet);
  await inbox.goto();
  const estimate = inbox.row(LOGIN_BUG.estimate);
  await expect(estimate).toBeVisible({ timeout: 30_000 });
  await estimate.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await tapInView(tablet, estimate.getByRole('button', { name: /^Edit before confirming/ }));
  const sheet = tablet.getByRole('dialog', { name: 'Edit before confirming' });
  await sheet.getByRole('spinbutton', { name: 'Estimate (minutes)' }).fill('45');
  await tapInView(tablet, sheet.getByRole('button', { name: 'Confirm with changes' }));
  await expect(sheet).toBeHidden();
  await expect(estimate).toHaveCount(0);
  const next = inbox.rows.first();
  await next.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await swipe(tablet, next, -300);
  await inbox.rejectionPrompt
    .getByRole('group', { name: /^Why\?/ })
    .getByRole('button', { name: REASON, exact: true })
    .click();
  await expect(inbox.rejectionPrompt.getByRole('status')).toContainText(`“${REASON}”`);

  // Both decisions reach the laptop.
  await expect
    .poll(async () => (await storedRows<{ verdict: string }>(laptop, 'decisions')).length, {
      timeout: 30_000,
    })
    .toBe(2);
  await task.goto(LOGIN_BUG.id);
  await expect(task.estimateField).toHaveValue('45', { timeout: 30_000 });
  await expect(new SyncSettings(tablet).indicator).toHaveAccessibleName(/^Sync: Connected/);

  const messages = (await rawStream(serverUrl, journal)).slice(plainBefore);
  expect(messages.filter((message) => message.subject.includes('.decisions.'))).toHaveLength(2);
  const found: string[] = [];
  for (const message of messages) {
    // Progress reports are empty by design (decision 0011); key messages are sealed to a
    // device (their own format); every other body, inside its signature, is sealed under the
    // journal key.
    if (message.subject.includes('.progress.')) {
      if (message.data.length > 0) found.push(`${message.subject}: not empty`);
    } else if (!message.subject.includes('.keys.') && message.body[0] !== 0xff) {
      found.push(`${message.subject}: not sealed`);
    }
    const seen = readable(message);
    for (const word of WORDS) if (seen.includes(word)) found.push(`${message.subject}: ${word}`);
  }
  expect(found).toEqual([]);
});

/**
 * Needs your decision (Settings → Sync): a push whose sending could not be confirmed waits
 * for the person, with three choices. Three changes made on the laptop are left in that
 * state (as the reconciliation loop leaves a push whose server never answered: the rows it
 * writes are seeded while the laptop is offline), then each choice is pressed on one of them
 * against the built app and a real nats-server. "It did not happen" sends it (the tablet
 * gets it); "It happened" and "Skip it" send nothing; each leaves the list.
 */
import { expect, test, type Page } from '@playwright/test';
import { SyncSettings } from './pages/sync-settings';
import { TaskListPage } from './pages/task-list-page';
import { closeDevices, twoDevices } from './support/sync-devices';
import { putStoredRows, storedRows } from './support/stored-rows';

test.describe.configure({ timeout: 120_000 });
test.afterEach(closeDevices);

const HAPPENED = 'Said to have happened';
const NOT_SENT = 'Not sent the first time';
const SKIPPED = 'Kept on the laptop';
const AFTER = 'Made after the choices';

/**
 * Marks the push of each outbox row as `indeterminate`, as the background loop does after
 * its last try went unanswered (written with the raw IndexedDB API, not the app's code).
 */
async function leaveUndecided(page: Page) {
  const outbox = await storedRows<{ id: string; operationId: string; kind: string }>(
    page,
    'outbox',
  );
  await putStoredRows(
    page,
    'syncPushes',
    outbox.map((row, index) => ({
      operationId: row.operationId,
      sequence: 1_000_000 + index,
      state: 'indeterminate',
      attempts: 5,
      updatedAt: Date.now(),
      outboxId: row.id,
      kind: row.kind,
      lastError: 'The server did not answer in time.',
    })),
  );
}

test('each of the three choices under Needs your decision does what it says', async ({
  browser,
}, testInfo) => {
  const { laptop, tablet } = await twoDevices(browser, testInfo);
  const laptopSync = new SyncSettings(laptop);
  await laptop.context().setOffline(true);
  await expect(laptopSync.indicator).toHaveAccessibleName(/offline/i);
  const list = new TaskListPage(laptop);
  await list.goto();
  for (const title of [HAPPENED, NOT_SENT, SKIPPED]) {
    await list.addTask(title);
    await expect(list.taskLink(title)).toBeVisible();
  }
  await expect.poll(async () => (await storedRows(laptop, 'outbox')).length).toBe(3);
  await leaveUndecided(laptop);
  await laptop.context().setOffline(false);

  await laptopSync.open();
  await expect(laptopSync.indicator).toHaveAccessibleName(/3 need your decision/, {
    timeout: 30_000,
  });
  const choose = async (title: string, choice: string) => {
    const change = laptopSync.undecided.getByRole('group', {
      name: `What happened to: Create task "${title}"`,
    });
    await change.getByRole('button', { name: choice }).click();
    await expect(change).toHaveCount(0, { timeout: 15_000 });
  };
  await choose(HAPPENED, 'It happened');
  await choose(NOT_SENT, 'It did not happen');
  await choose(SKIPPED, 'Skip it');
  await expect(laptopSync.undecided).toHaveCount(0);

  await list.goto();
  await list.addTask(AFTER);
  const tabletList = new TaskListPage(tablet);
  await tabletList.goto();
  await expect(tabletList.taskLink(AFTER)).toBeVisible({ timeout: 30_000 });
  await expect(tabletList.taskLink(NOT_SENT)).toBeVisible({ timeout: 30_000 });
  await expect(tabletList.taskLink(HAPPENED)).toHaveCount(0);
  await expect(tabletList.taskLink(SKIPPED)).toHaveCount(0);
  // The laptop keeps all three; only the one sent again reached the server.
  await list.goto();
  for (const title of [HAPPENED, NOT_SENT, SKIPPED]) {
    await expect(list.taskLink(title)).toBeVisible();
  }
});

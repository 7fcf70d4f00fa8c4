/**
 * A new device starts from a snapshot, not from the history: the laptop writes a journal
 * (some of it before sync was set up, when it keeps no outbox), then a snapshot from
 * Settings → Sync; the operator compacts the stream below it; a new tablet joins, shows
 * every task, and what it applied up to the snapshot came from the snapshot's parts. Then
 * a new edit on the laptop reaches it through the stream.
 */
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { expect, test, type Page } from '@playwright/test';
import { SYNC_LEASE_PORT } from '../playwright.config';
import { compactJournal } from '../sync-server/compact.mjs';
import { SyncSettings } from './pages/sync-settings';
import { TaskListPage } from './pages/task-list-page';
import { closeDevices, leaseJournal, newDevice } from './support/sync-devices';
import { storedRows } from './support/stored-rows';

// A hundred tasks typed on the laptop and two devices on two busy cores: a bound, not a hope.
test.describe.configure({ timeout: 240_000 });
test.afterEach(closeDevices);

const BEFORE_SYNC = 30;
const AFTER_SYNC = 70;

async function addTasks(page: Page, prefix: string, count: number) {
  const list = new TaskListPage(page);
  await list.goto();
  for (let index = 1; index <= count; index++) {
    await list.addTask(`${prefix} ${index}`);
    await expect(list.taskLink(`${prefix} ${index}`)).toBeVisible();
  }
}

const keyed = async <T>(page: Page, store: string, key: string) =>
  (await storedRows<{ key: string; value: T }>(page, store)).find((row) => row.key === key)?.value;

test('a new tablet starts from the snapshot after the operator compacted, then receives a new edit', async ({
  browser,
}, testInfo) => {
  const journal = await leaseJournal();
  const laptop = await newDevice(browser, testInfo);
  await addTasks(laptop, 'Before sync', BEFORE_SYNC);
  // A device that never set up sync keeps no outbox.
  expect(await storedRows(laptop, 'outbox')).toEqual([]);

  const laptopSync = new SyncSettings(laptop);
  await laptopSync.connect(journal);
  await addTasks(laptop, 'After sync', AFTER_SYNC);
  await expect(laptopSync.indicator).toHaveAccessibleName(/^Sync: Connected/, { timeout: 30_000 });
  await expect
    .poll(async () => (await storedRows(laptop, 'outbox')).length, { timeout: 30_000 })
    .toBe(0);

  await laptopSync.open();
  await laptopSync.section.getByRole('button', { name: 'Write a snapshot now' }).click();
  await expect(laptopSync.section.getByText(/^Snapshot written at /)).toBeVisible({
    timeout: 30_000,
  });
  const written = await keyed<{ sequence: number }>(laptop, 'syncState', 'snapshotWrite');
  const sequence = written!.sequence;

  // The operator's job, once the laptop has reported that it passed the snapshot.
  const servers = `nats://127.0.0.1:${SYNC_LEASE_PORT - 2}`;
  const device = await connect({ servers, user: journal.user, pass: journal.password });
  const deviceId = await keyed<string>(laptop, 'settings', 'deviceId');
  await jetstream(device).publish(`cs.${journal.user}.progress.${deviceId}.${sequence}`, '');
  await device.close();
  const operator = await connect({
    servers,
    user: `${journal.user}-maintenance`,
    pass: `${journal.user}-maintenance`,
  });
  const compacted = await compactJournal(operator, journal.user, { retentionMs: 1 });
  await operator.close();
  expect(compacted.cut).toBe(sequence);
  expect(compacted.after.subjects).toBeLessThan(compacted.before.subjects);

  const tablet = await newDevice(browser, testInfo);
  await new SyncSettings(tablet).connect(journal);
  const tabletList = new TaskListPage(tablet);
  await tabletList.goto();
  await expect(tabletList.taskLink(`After sync ${AFTER_SYNC}`)).toBeVisible({ timeout: 30_000 });
  const titles = async (page: Page) =>
    (await storedRows<{ title: string; deletedAt?: string }>(page, 'tasks'))
      .filter((task) => !task.deletedAt)
      .map((task) => task.title)
      .sort();
  await expect.poll(() => titles(tablet), { timeout: 30_000 }).toEqual(await titles(laptop));

  // What the tablet applied up to S came from the snapshot's parts, none from the history.
  const applied = await storedRows<{ operationId: string; seq: number }>(tablet, 'syncApplied');
  const upToSnapshot = applied.filter((row) => row.seq <= sequence);
  expect(upToSnapshot.length).toBeGreaterThan(0);
  expect(upToSnapshot.every((row) => row.operationId.startsWith(`s${sequence}-`))).toBe(true);
  const loaded = await keyed<{ sequence: number }>(tablet, 'syncState', 'loadedSnapshot');
  expect(loaded?.sequence).toBe(sequence);

  await addTasks(laptop, 'After the tablet joined', 1);
  await expect(tabletList.taskLink('After the tablet joined 1')).toBeVisible({ timeout: 30_000 });
});

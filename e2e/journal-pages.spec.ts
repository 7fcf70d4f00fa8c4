/**
 * A task with a long journal: its page shows the newest 50 entries and 50 more at each
 * "Show older entries". The entries come in through an import, as a person moving their
 * journal to this device would bring them.
 */
import { expect, test } from '@playwright/test';
import { SettingsPage } from './pages/settings-page';
import { TaskPage } from './pages/task-page';

const TASK = 'sample-task-offsite';
const OLDER = 120;

test('a task with 120 older entries opens with 50, and a tap on "Show older entries" leaves a heading under the finger', async ({
  page,
}, testInfo) => {
  const settings = new SettingsPage(page);
  await settings.goto();
  const exported = await settings.exportJournal(testInfo.outputPath('journal.json'));
  const template = exported.tables.entries.find((entry) => entry.taskId === TASK)!;
  // Older than the sample's own entries, one a day, the newest of them last.
  const start = Date.UTC(2025, 0, 1);
  for (let index = 0; index < OLDER; index++) {
    const at = new Date(start + index * 86_400_000).toISOString();
    exported.tables.entries.push({
      ...template,
      id: `older-entry-${index + 1}`,
      text: `Older note ${index + 1}`,
      createdAt: at,
      updatedAt: at,
    });
  }
  await settings.importFile({
    name: 'long-journal.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(exported)),
  });
  await expect(settings.importOutcome).toContainText(`Imported: ${OLDER} added`);

  const task = new TaskPage(page);
  await task.goto(TASK);
  await expect(task.entries).toHaveCount(50);
  const sampleEntries = exported.tables.entries.filter(
    (entry) => entry.taskId === TASK && !entry.id.startsWith('older-entry-'),
  ).length;

  const showOlder = task.journal.getByRole('button', { name: 'Show older entries' });
  await showOlder.scrollIntoViewIfNeeded();
  const box = (await showOlder.boundingBox())!;
  const finger = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.touchscreen.tap(finger.x, finger.y);

  const olderHeading = task.journal.getByRole('heading', { name: 'Older entries' });
  await expect(olderHeading).toBeFocused();
  await expect(
    task.journal.getByRole('list', { name: /^Older entries, 51 to 100$/ }),
  ).toBeVisible();
  // Where the finger was: the heading of what came, not a control that a second tap would hit.
  const underFinger = await page.evaluate(({ x, y }) => {
    const element = document.elementFromPoint(x, y);
    return {
      inHeading: element?.closest('h3')?.textContent ?? null,
      control: element?.closest('button, a, input, textarea, select')?.textContent ?? null,
    };
  }, finger);
  expect(underFinger).toEqual({ inHeading: 'Older entries', control: null });
  await page.screenshot({ path: testInfo.outputPath('older-entries.png') });

  // The last page: every entry once, the oldest last, and no button left.
  await showOlder.click();
  const total = OLDER + sampleEntries;
  await expect(
    task.journal.getByRole('list', { name: `Older entries, 101 to ${total}` }),
  ).toBeVisible();
  await expect(showOlder).toHaveCount(0);
  const all = task.journal.getByRole('article');
  await expect(all).toHaveCount(total);
  await expect(all.last()).toContainText('Older note 1');
});

/**
 * Import merges by sync's rule and can be undone, as a person meets it
 * in Settings → Export and import:
 * - a file whose copy of a task is older, but written with a +14:00 offset (so as text
 *   it sorts after the local edit), does not overwrite the newer local title;
 * - an import that renames tasks and adds one, then "Undo import": the journal is as
 *   it was before;
 * - the section after an import, at the three sizes (screenshots to look at).
 */
import { expect, test, type Page } from '@playwright/test';
import { SettingsPage, journalContent, type JournalExport } from './pages/settings-page';
import { TaskListPage } from './pages/task-list-page';
import { TaskPage } from './pages/task-page';
import { SIZES } from './support/sizes';

type TaskRow = JournalExport['tables']['tasks'][number] & {
  updatedAt: string;
  vectorClock: Record<string, number>;
  fieldWrites?: Record<string, { at: string; by: string }>;
};

const asFile = (name: string, journal: unknown) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(journal)),
});

/** `ms` as the same instant written with a +14:00 offset. */
function plus14(ms: number): string {
  return `${new Date(ms + 14 * 3_600_000).toISOString().slice(0, 19)}+14:00`;
}

async function exportNow(settings: SettingsPage, path: string) {
  await settings.goto();
  return settings.exportJournal(path);
}

async function renameTask(page: Page, from: string, to: string) {
  const list = new TaskListPage(page);
  await list.goto();
  await list.openTask(from);
  const task = new TaskPage(page);
  await task.enter(task.titleField, to);
  // The field shows what was typed at once; the page's heading follows the stored row, so
  // it says the rename is written before the next step leaves the page (a full navigation
  // would otherwise cut the write short, and the export would hold the old title).
  await expect(task.heading).toHaveText(to);
}

test('an older row written with +14:00 does not overwrite a newer local title', async ({
  page,
}, testInfo) => {
  await renameTask(page, 'Repair the bike', 'Repair the bike before the trip');
  const settings = new SettingsPage(page);
  const exported = await exportNow(settings, testInfo.outputPath('now.json'));
  const local = (exported.tables.tasks as TaskRow[]).find(
    (task) => task.title === 'Repair the bike before the trip',
  )!;
  // The same task as another device had it ten hours before the local edit.
  const tenHoursEarlier = plus14(Date.parse(local.updatedAt) - 10 * 3_600_000);
  expect(tenHoursEarlier > local.updatedAt).toBe(true);
  const older = {
    ...local,
    title: 'Repair the bike (old copy)',
    updatedAt: tenHoursEarlier,
    vectorClock: { 'other-device': 7 },
    fieldWrites: { title: { at: tenHoursEarlier, by: 'other-device' } },
  };
  await settings.importFile(
    asFile('old-copy.json', { ...exported, tables: { ...exported.tables, tasks: [older] } }),
  );
  await expect(settings.importOutcome).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  const list = new TaskListPage(page);
  await list.goto();
  await expect(list.taskLink('Repair the bike before the trip')).toBeVisible();
  await expect(list.taskLink('Repair the bike (old copy)')).toHaveCount(0);
});

test('"Undo import" puts back every row an import changed', async ({ page }, testInfo) => {
  const settings = new SettingsPage(page);
  const before = await exportNow(settings, testInfo.outputPath('before.json'));
  const tasks = before.tables.tasks as TaskRow[];
  // Another device renamed two tasks after this one's state (its clocks dominate), and
  // added one.
  const renamed = tasks.slice(0, 2).map((task) => ({
    ...task,
    title: `${task.title} (renamed elsewhere)`,
    vectorClock: { ...task.vectorClock, 'other-device': 1 },
  }));
  const added = { ...tasks[2]!, id: 'imported-new-task', title: 'Brought in by the import' };
  await settings.importFile(
    asFile('changes.json', {
      ...before,
      tables: { ...before.tables, tasks: [...renamed, added, ...tasks.slice(2)] },
    }),
  );
  await expect(settings.importOutcome).toContainText('Imported: 1 added, 2 updated');

  const list = new TaskListPage(page);
  await list.goto();
  await expect(list.taskLink('Brought in by the import')).toBeVisible();
  await expect(list.taskLink(renamed[0]!.title)).toBeVisible();

  await settings.goto();
  await page.getByRole('button', { name: 'Undo import' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^Import of changes\.json undone: 3 rows put back\.$/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo import' })).toHaveCount(0);

  const after = await exportNow(settings, testInfo.outputPath('after.json'));
  expect(journalContent(after)).toEqual(journalContent(before));
  await list.goto();
  await expect(list.taskLink('Brought in by the import')).toHaveCount(0);
});

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('the section after an import: outcome, Undo import, nothing overlapping', async ({
      page,
    }, testInfo) => {
      const settings = new SettingsPage(page);
      const journal = await exportNow(settings, testInfo.outputPath('journal.json'));
      const progressLine = page.locator('.settings__progress');
      const fieldBox = await settings.importField.boundingBox();
      await settings.importFile(
        asFile('backup-2026-11-24.json', {
          ...journal,
          tables: {
            ...journal.tables,
            tasks: [
              ...journal.tables.tasks,
              { ...journal.tables.tasks[0]!, id: 'from-backup', title: 'From the backup' },
            ],
          },
        }),
      );
      await expect(settings.importOutcome).toContainText('Imported: 1 added');
      // The file field did not move while the progress line came and went.
      expect(await settings.importField.boundingBox()).toEqual(fieldBox);
      await expect(progressLine).toHaveText('');
      const undo = page.getByRole('button', { name: 'Undo import' });
      await expect(undo).toBeVisible();
      await undo.scrollIntoViewIfNeeded();
      const section = page.locator('#export-import');
      await section.screenshot({ path: testInfo.outputPath(`import-${size.name}.png`) });
      const undoBox = (await undo.boundingBox())!;
      const sectionBox = (await section.boundingBox())!;
      expect(undoBox.x + undoBox.width).toBeLessThanOrEqual(sectionBox.x + sectionBox.width);
      expect(undoBox.height).toBeGreaterThanOrEqual(40);
    });
  });
}

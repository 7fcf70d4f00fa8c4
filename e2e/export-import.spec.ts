/**
 * Export and import in Settings. How the journal is "cleared": a second, fresh browser
 * context, which is a cleared browser or a new device, the case an export exists for.
 * Clearing in place does not work as a test of restore. Deleting the IndexedDB database
 * makes the app seed the sample journal again on its next open. Deleting tasks in the
 * UI leaves tombstones that are newer than the exported rows, and import rightly keeps
 * the newer side (merge by id and updatedAt), so the deleted tasks would stay deleted.
 * The fresh context holds only the sample journal, which the export contains too, so
 * the journey's own task, its checklist and its entry must come back from the file.
 */
import { expect, test } from '@playwright/test';
import { SettingsPage, journalContent } from './pages/settings-page';
import { TaskListPage } from './pages/task-list-page';
import { TaskPage } from './pages/task-page';

const MOVE = {
  title: 'Move to the new flat',
  items: ['Order moving boxes', 'Cancel the internet contract'],
  entry: 'Moving day is the 3rd; the van is booked from 8 to 14.',
};

test('an export brings the whole journal back in a cleared browser, and a second import adds nothing', async ({
  page,
  browser,
}, testInfo) => {
  // Device A: the sample journal plus a task of the person's own.
  const list = new TaskListPage(page);
  await list.goto();
  await list.addTask(MOVE.title);
  await list.openTask(MOVE.title);
  const task = new TaskPage(page);
  for (const item of MOVE.items) await task.addChecklistItem(item);
  await task.checkbox(MOVE.items[0]!).check();
  // The box ticks at once; the counter is read from the stored items, so it says the tick
  // is written before the page is left for the export.
  await expect(task.checklist.getByText('1/2 done')).toBeVisible();
  await task.addEntry(MOVE.entry);

  const settings = new SettingsPage(page);
  await settings.goto();
  const exportPath = testInfo.outputPath('journal.json');
  const exported = await settings.exportJournal(exportPath);
  expect(exported).toMatchObject({ format: 'countersign-journal', version: 1 });
  const original = journalContent(exported);
  expect(original.tasks).toHaveLength(9);

  // Device B: nothing but the sample journal.
  const cleared = await browser.newContext();
  const restoredPage = await cleared.newPage();
  const restoredList = new TaskListPage(restoredPage);
  await restoredList.goto();
  await expect(restoredList.count).toHaveText('8 tasks');
  await expect(restoredList.taskLink(MOVE.title)).toHaveCount(0);

  const restoredSettings = new SettingsPage(restoredPage);
  await restoredSettings.goto();
  await restoredSettings.importFile(exportPath);
  await expect(restoredSettings.importOutcome).toContainText(/Imported: [1-9]\d* added/);
  await expect(restoredPage.getByRole('alert')).toHaveCount(0);

  await restoredList.goto();
  await expect(restoredList.count).toHaveText('9 tasks');
  await restoredList.openTask(MOVE.title);
  const restoredTask = new TaskPage(restoredPage);
  await expect(restoredTask.checklistItems).toHaveCount(2);
  await expect(restoredTask.checkbox(MOVE.items[0]!)).toBeChecked();
  await expect(restoredTask.checkbox(MOVE.items[1]!)).not.toBeChecked();
  await expect(restoredTask.entries).toHaveCount(1);
  await expect(restoredTask.entries.first()).toContainText(MOVE.entry);

  // Every task, checklist item, entry, category and label, as the first device had them.
  await restoredSettings.goto();
  const restored = journalContent(
    await restoredSettings.exportJournal(testInfo.outputPath('restored.json')),
  );
  expect(restored).toEqual(original);

  // The same file again: merged by id, so nothing is added or changed.
  await restoredSettings.importFile(exportPath);
  await expect(restoredSettings.importOutcome).toContainText('Imported: 0 added, 0 updated');
  const again = journalContent(
    await restoredSettings.exportJournal(testInfo.outputPath('again.json')),
  );
  expect(again).toEqual(original);
  await cleared.close();
});

test('a file that is not a Countersign export is refused with a message, and the journal is unchanged', async ({
  page,
}, testInfo) => {
  const settings = new SettingsPage(page);
  await settings.goto();
  const before = await settings.exportJournal(testInfo.outputPath('before.json'));
  const alert = page.getByRole('alert');

  await settings.importFile({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('Shopping: milk, eggs, {bread'),
  });
  await expect(alert).toContainText('notes.json: The file is not valid JSON');
  await expect(alert).toContainText('Nothing was imported.');

  await settings.importFile({
    name: 'todo-app-backup.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ app: 'another-todo-app', todos: [{ text: 'Buy milk' }] })),
  });
  await expect(alert).toContainText(
    'todo-app-backup.json: This is not a Countersign journal export.',
  );
  await expect(alert).toContainText('Nothing was imported.');

  // An export whose one bad row would spoil it: refused whole, not imported in part.
  const tampered = structuredClone(before);
  tampered.tables.tasks.push({ ...tampered.tables.tasks[0]!, id: 'extra', estimateMinutes: 5000 });
  await settings.importFile({
    name: 'tampered.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(tampered)),
  });
  // The message names the row and the field, so the person can find it in the file.
  await expect(alert).toContainText(
    'tampered.json: Task "Repair the bike" (id extra, row 9 of tasks), field estimateMinutes: An estimate is at most 1440 minutes',
  );
  await expect(settings.importOutcome).toHaveCount(0);

  const after = await settings.exportJournal(testInfo.outputPath('after.json'));
  expect(after.tables).toEqual(before.tables);
});

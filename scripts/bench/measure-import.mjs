// Section 11: "Import journal" of a 100,000-row file in Settings, and "Undo import" of
// it, in a browser of its own (a fresh profile: the other sections' journal stays as it
// was). The file is built here and handed to the real file input; the page records its
// long tasks (bench/page/import.ts).
import { launchBrowser, openQuietAppPage } from './browser.mjs';

const DAY = 86_400_000;

/** A valid export of `rows` rows: a tenth tasks, two fifths checklist items, half entries. */
function buildImportFile(rows = 100_000) {
  const now = Date.now();
  const at = (offset) => new Date(now - offset).toISOString();
  const stamp = (index) => ({
    createdAt: at(DAY + index),
    updatedAt: at(DAY + index),
    rev: 1,
    vectorClock: { 'bench-export': 1 },
  });
  const taskCount = Math.floor(rows / 10);
  const itemCount = Math.floor((rows * 2) / 5);
  const entryCount = rows - taskCount - itemCount;
  const tasks = Array.from({ length: taskCount }, (_, index) => ({
    ...stamp(index),
    id: `bench-import-task-${index}`,
    title: `Imported task ${index}: reconcile the invoices of the quarter`,
    status: 'OPEN',
    statusHistory: [{ status: 'OPEN', at: at(DAY + index), by: 'user' }],
    priority: 'P2',
    estimateMinutes: 30 + (index % 90),
    labelIds: [],
    suppressedLabelIds: [],
  }));
  const checklistItems = Array.from({ length: itemCount }, (_, index) => ({
    ...stamp(index),
    id: `bench-import-item-${index}`,
    taskId: `bench-import-task-${index % taskCount}`,
    title: `Step ${index}: check the statement against the ledger`,
    isChecked: index % 3 === 0,
    isArchived: false,
    order: index,
  }));
  const entries = Array.from({ length: entryCount }, (_, index) => ({
    ...stamp(index),
    id: `bench-import-entry-${index}`,
    taskId: `bench-import-task-${index % taskCount}`,
    text: `Called the supplier about invoice ${index}; they will send a corrected copy by Friday.`,
  }));
  const file = {
    format: 'countersign-journal',
    version: 1,
    exportedAt: new Date(now).toISOString(),
    tables: { categories: [], labels: [], tasks, checklistItems, entries, agents: [] },
  };
  return { buffer: Buffer.from(JSON.stringify(file)), rows: taskCount + itemCount + entryCount };
}

/** Imports the file through Settings, then undoes it; `baseUrl` serves the bench build. */
export async function measureImport({ baseUrl, rows = 100_000 }) {
  const file = buildImportFile(rows);
  const browser = await launchBrowser({ baseUrl });
  try {
    const page = await openQuietAppPage(browser.context);
    await page.goto('/settings');
    const input = page.getByLabel('Import journal');
    await input.waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForFunction(() => window.__countersignBench !== undefined);
    await page.evaluate(() => window.__countersignBench.startImportLog());
    // 30 MB over the DevTools protocol: minutes on a busy machine.
    await input.setInputFiles(
      { name: 'bench-import.json', mimeType: 'application/json', buffer: file.buffer },
      { timeout: 10 * 60_000 },
    );
    const imported = await page.evaluate(() =>
      window.__countersignBench.takeImportLog({ done: 'Imported:' }),
    );
    if (!imported.outcome.startsWith('Imported:')) throw new Error(imported.outcome);
    await page.evaluate(() => window.__countersignBench.startImportLog());
    await page.getByRole('button', { name: 'Undo import' }).click();
    const undone = await page.evaluate(() =>
      window.__countersignBench.takeImportLog({ done: 'undone' }),
    );
    return { rows: file.rows, fileBytes: file.buffer.length, imported, undone };
  } finally {
    await browser.close();
  }
}

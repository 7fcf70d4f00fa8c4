/**
 * Automatic wakes in the built app on a tablet: turned on in Settings, they wake the demo
 * agent once the person's edits on an open task pause, and never for opening the task or
 * for the agent's own writes. The watch reads the ledger's operations on the task since
 * it was opened (src/db/queries/agent.ts), so this is the journey that shows it in a real
 * browser, across the page, the worker and IndexedDB.
 */
import { test, expect, type Page } from '@playwright/test';
import { AgentPanel, WAKE_TIMEOUT } from './pages/agent-panel';
import { AgentSettings } from './pages/agent-settings';
import { TaskPage } from './pages/task-page';
import { storedRows } from './support/stored-rows';

const LOGIN_BUG = { id: 'sample-task-login-bug', category: 'Work' };
/** The debounce (4 s) and then some: long enough that a wake due would have started. */
const PAUSE_MS = 6_000;

/** The wakes stored for a task, oldest first. */
async function storedWakes(page: Page, taskId: string): Promise<{ status: string }[]> {
  const rows = await storedRows<{ taskId: string; status: string; startedAt: string }>(
    page,
    'wakes',
  );
  return rows
    .filter((row) => row.taskId === taskId)
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt))
    .map((row) => ({ status: row.status }));
}

test('with automatic wakes on, an entry wakes the demo agent once, and opening the task or its own writes do not', async ({
  page,
}) => {
  const settings = new AgentSettings(page);
  await settings.goto();
  await settings.useDemoAgent();
  await settings.allowCategory(LOGIN_BUG.category);
  // Saved first, then shown: the box follows the stored setting.
  const autoWake = settings.section.getByRole('checkbox', {
    name: 'Wake the agent after I edit a task',
  });
  await autoWake.tap();
  await expect(autoWake).toBeChecked();

  const task = new TaskPage(page);
  const agent = new AgentPanel(page);
  await task.goto(LOGIN_BUG.id);
  await page.waitForTimeout(PAUSE_MS);
  expect(await storedWakes(page, LOGIN_BUG.id)).toEqual([]);

  await task.addEntry('Reproduced it on Safari 18 again.');
  await expect(agent.statusLine).toHaveText(/^Done: \d+ changes proposed for your review\.$/, {
    timeout: PAUSE_MS + WAKE_TIMEOUT,
  });
  expect(await storedWakes(page, LOGIN_BUG.id)).toEqual([{ status: 'done' }]);

  // The demo agent wrote the task (its language, its report) during that wake: no second one.
  await page.waitForTimeout(PAUSE_MS);
  expect(await storedWakes(page, LOGIN_BUG.id)).toEqual([{ status: 'done' }]);
});

/**
 * The agent working while the tablet is closed: the agent device (`npm run agent-device`,
 * its own Node process, the scripted model as its provider) joined to the tablet's journal
 * on a real nats-server. The tablet adds a journal entry and is closed; the agent device
 * wakes on it; the tablet reopens to its proposals in Review, confirms one by a touch swipe
 * and rejects one with a reason; the agent device's next wake hears both decisions.
 */
import { expect, test } from '@playwright/test';
import { AgentSettings } from './pages/agent-settings';
import { ReviewInboxPage } from './pages/review-inbox';
import { SyncSettings } from './pages/sync-settings';
import { TaskListPage } from './pages/task-list-page';
import { TaskPage } from './pages/task-page';
import { killAgentDevices, startAgentDeviceProcess } from './support/agent-device-process';
import { openApp } from './support/app';
import { ScriptedModel, call, modelName } from './support/scripted-model';
import { storedRows } from './support/stored-rows';
import { closeDevices, leaseJournal, newDevice } from './support/sync-devices';
import { swipe } from './support/touch';

// A Node process that loads the app's code, a tablet set up through its screens and two
// wakes, on two busy cores: a bound, not a hope.
test.describe.configure({ timeout: 180_000 });
test.afterEach(async () => {
  killAgentDevices();
  await closeDevices();
});

const ESTIMATE = 'Estimate · Set estimate to 120 minutes';
const TITLE = 'Fix the Safari logout';
const CATEGORY = 'Launch';
const STEP = 'Reproduce the logout in Safari 17';
const STEP_ROW = `Checklist · Add: "${STEP}"`;

test('the agent device wakes on an entry made on a closed tablet; the tablet reviews by touch; the next wake hears both decisions', async ({
  browser,
  request,
}, testInfo) => {
  const model = new ScriptedModel(request, modelName(testInfo));
  // Every wake's first turn proposes the two changes; the turn after the tool results reports.
  await model.script([
    {
      toolCalls: [
        call('update_task_estimate', { minutes: 120 }),
        call('add_multiple_checklist_items', { items: [{ title: STEP }] }),
      ],
    },
    {
      toolCalls: [
        call('update_report', {
          oneLiner: 'Safari logout: reproduce, then fix.',
          tldr: 'Two hours; first reproduce it.',
          content: 'Proposed an estimate and a first step.',
        }),
      ],
    },
  ]);

  const journal = await leaseJournal();
  let tablet = await newDevice(browser, testInfo);
  await new SyncSettings(tablet).connect(journal);
  // A category of the person's own, and their choice, synced: the agent may act on it. (The
  // sample journal is each device's own and never travels, so the agent device has none.)
  await openApp(tablet, '/settings#categories');
  const addCategory = tablet.getByRole('form', { name: 'Add a category' });
  await addCategory.getByLabel('Name').fill(CATEGORY);
  await addCategory.getByRole('button', { name: 'Add category' }).click();
  await expect(tablet.getByRole('list', { name: 'Categories' })).toContainText(CATEGORY);
  const agentSettings = new AgentSettings(tablet);
  await agentSettings.goto();
  await agentSettings.allowCategory(CATEGORY);
  const list = new TaskListPage(tablet);
  await list.goto();
  await list.addTask(TITLE);
  await list.openTask(TITLE);
  const taskId = new URL(tablet.url()).pathname.split('/').pop()!;
  await tablet.getByRole('combobox', { name: 'Category' }).selectOption({ label: CATEGORY });
  await expect(tablet.getByRole('combobox', { name: 'Category' })).toHaveValue(/.+/);
  const device = await startAgentDeviceProcess(journal, model);

  // An entry on a sample task reaches the device, which holds no sample journal: it says so.
  const sample = new TaskPage(tablet);
  await sample.goto('sample-task-login-bug');
  await sample.addEntry('A note on the sample task.');
  await device.waitForEvents('wake-skipped', 1, (logged) => logged.reason === 'task-not-here');

  // The tablet writes an entry on its own task, waits until it is sent, and is closed.
  await list.goto();
  await list.openTask(TITLE);
  const task = new TaskPage(tablet);
  await task.addEntry('Safari logs people out right after they sign in.');
  await expect
    .poll(async () => (await storedRows(tablet, 'outbox')).length, { timeout: 20_000 })
    .toBe(0);
  const context = tablet.context();
  await tablet.close();

  const [first] = await device.waitForEvents('wake-ended', 1, (logged) => logged.taskId === taskId);
  expect(first).toMatchObject({ taskId: taskId });

  // Reopened: the proposals wait in Review, made on another device.
  tablet = await context.newPage();
  await openApp(tablet);
  const inbox = new ReviewInboxPage(tablet);
  await inbox.goto();
  const estimate = inbox.row(ESTIMATE);
  await expect(estimate).toBeVisible({ timeout: 30_000 });
  await expect(estimate).toContainText('Proposed on your other device');
  await expect(inbox.row(STEP_ROW)).toBeVisible();

  await estimate.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await swipe(tablet, estimate, 300);
  await expect(estimate).toHaveCount(0);
  const step = inbox.row(STEP_ROW);
  await step.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await swipe(tablet, step, -300);
  await inbox.rejectionPrompt
    .getByRole('group', { name: /^Why\?/ })
    .getByRole('button', { name: 'Not now', exact: true })
    .click();
  await expect(inbox.rejectionPrompt.getByRole('status')).toContainText('“Not now”');
  await expect
    .poll(async () => (await storedRows(tablet, 'outbox')).length, { timeout: 20_000 })
    .toBe(0);

  // The next edit wakes the agent device again, and what it sends the model carries both
  // decisions: the confirmation, and the rejection with its reason.
  const reopened = new TaskPage(tablet);
  await reopened.goto(taskId);
  await reopened.addEntry('It only happens after the SSO redirect.');
  await device.waitForEvents('wake-ended', 2, (logged) => logged.taskId === taskId);
  const prompts = (await model.requests()).map((sent) => JSON.stringify(sent.messages));
  const heard = prompts.filter((sent) => sent.includes('Not now'));
  expect(heard.length, 'a request of the second wake carries the decisions').toBeGreaterThan(0);
  expect(heard[0]).toContain('CONFIRMED: Set estimate to 120 minutes');
  expect(heard[0]).toContain(`REJECTED: Add: \\"${STEP}\\" (reason: \\"Not now\\")`);

  expect(await device.stop()).toBe(0);
});

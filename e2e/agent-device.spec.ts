/**
 * The agent working while the tablet is closed: the agent device (`npm run agent-device`,
 * its own Node process, the scripted model as its provider) joined to the tablet's journal
 * on a real nats-server. The tablet adds a journal entry and is closed; the agent device
 * wakes on it; the tablet reopens to its proposals in Review, confirms one by a touch swipe
 * and rejects one with a reason; the agent device's next wake hears both decisions.
 */
import { expect, test } from '@playwright/test';
import { ReviewInboxPage } from './pages/review-inbox';
import { TaskListPage } from './pages/task-list-page';
import { TaskPage } from './pages/task-page';
import { startAgentDeviceProcess } from './support/agent-device-process';
import { openApp } from './support/app';
import { ScriptedModel, modelName } from './support/scripted-model';
import { untilSent } from './support/stored-rows';
import {
  agentDeviceJourneys,
  ESTIMATE_ROW,
  OWN_TASK,
  OWN_TASK_TURNS,
  STEP,
  STEP_ROW,
  tabletWithOwnTask,
} from './support/agent-device-journey';
import { swipe } from './support/touch';

agentDeviceJourneys();

test('the agent device wakes on an entry made on a closed tablet; the tablet reviews by touch; the next wake hears both decisions', async ({
  browser,
  request,
}, testInfo) => {
  const model = new ScriptedModel(request, modelName(testInfo));
  await model.script(OWN_TASK_TURNS);

  const opened = await tabletWithOwnTask(browser, testInfo);
  const { journal, taskId } = opened;
  let tablet = opened.tablet;
  const list = new TaskListPage(tablet);
  const device = await startAgentDeviceProcess(journal, model);

  // An entry on a sample task reaches the device, which holds no sample journal: it says so.
  const sample = new TaskPage(tablet);
  await sample.goto('sample-task-login-bug');
  await sample.addEntry('A note on the sample task.');
  await device.waitForEvents('wake-skipped', 1, (logged) => logged.reason === 'task-not-here');

  // The tablet writes an entry on its own task, waits until it is sent, and is closed.
  await list.goto();
  await list.openTask(OWN_TASK.title);
  const task = new TaskPage(tablet);
  await task.addEntry('Safari logs people out right after they sign in.');
  await untilSent(tablet);
  const context = tablet.context();
  await tablet.close();

  const [first] = await device.waitForEvents('wake-ended', 1, (logged) => logged.taskId === taskId);
  expect(first).toMatchObject({ taskId: taskId });

  // Reopened: the proposals wait in Review, made on another device.
  tablet = await context.newPage();
  await openApp(tablet);
  const inbox = new ReviewInboxPage(tablet);
  await inbox.goto();
  const estimate = inbox.row(ESTIMATE_ROW);
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
  await untilSent(tablet);

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
